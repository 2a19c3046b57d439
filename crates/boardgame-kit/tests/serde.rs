//! Serde forms of the kit's types: what is read is validated like any other input.
#![cfg(feature = "serde")]

use boardgame_kit::view::{touches, BoardView, Touches};
use boardgame_kit::{testing::Nim, Game, Record, Seat, SeatSet, TurnOrder};

#[test]
fn seats_round_trip_as_numbers() {
    for i in 0..6 {
        let s = Seat::of(i);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, i.to_string());
        assert_eq!(serde_json::from_str::<Seat>(&json).unwrap(), s);
    }
}

#[test]
fn a_seat_index_out_of_range_is_refused() {
    // It used to be accepted; `SeatSet::first(2).contains(seat)` then overflowed a shift.
    for text in ["6", "7", "200", "255"] {
        let e = serde_json::from_str::<Seat>(text).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{text}: {e}");
    }
    assert!(serde_json::from_str::<Seat>("256").is_err());
    assert!(serde_json::from_str::<Seat>("-1").is_err());
}

#[test]
fn a_seat_set_with_bits_beyond_six_seats_is_refused() {
    // 255 used to say len() 8 but iterate 6 seats.
    for bits in [64u16, 128, 255] {
        assert!(serde_json::from_str::<SeatSet>(&bits.to_string()).is_err());
    }
    for bits in 0u8..64 {
        let set: SeatSet = serde_json::from_str(&bits.to_string()).unwrap();
        assert_eq!(set.bits(), bits);
        assert_eq!(set.len(), set.iter().count());
        assert_eq!(serde_json::to_string(&set).unwrap(), bits.to_string());
    }
}

#[test]
fn a_turn_order_is_checked_when_read() {
    let mut t = TurnOrder::new(SeatSet::first(3), Seat::of(1), 2);
    t.eliminate(Seat::of(0));
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(json, r#"{"seats":7,"active":6,"current":1,"budget":2}"#);
    assert_eq!(serde_json::from_str::<TurnOrder>(&json).unwrap(), t);
    for bad in [
        // active seats that never sat down
        r#"{"seats":3,"active":7,"current":1,"budget":2}"#,
        // the seat to act is not at the table
        r#"{"seats":3,"active":3,"current":4,"budget":2}"#,
        // no such seat or set
        r#"{"seats":3,"active":3,"current":9,"budget":2}"#,
        r#"{"seats":255,"active":3,"current":0,"budget":2}"#,
    ] {
        assert!(serde_json::from_str::<TurnOrder>(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_state_is_read_through_its_validating_parser() {
    let json = r#"{"game":"nim","params":"stones=4","position":"4 1"}"#;
    let state: Nim = serde_json::from_str(json).unwrap();
    assert_eq!(serde_json::to_string(&state).unwrap(), json);
    for bad in [
        r#"{"game":"chess","params":"stones=4","position":"4 1"}"#,
        r#"{"game":"nim","params":"stones=99","position":"4 1"}"#,
        r#"{"game":"nim","params":"stones=4","position":"9 1"}"#,
    ] {
        assert!(serde_json::from_str::<Nim>(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_record_reads_each_field_on_its_own() {
    let good = r#"{"game":"nim","params":"stones=7","actions":["1","2"]}"#;
    let r: Record<Nim> = serde_json::from_str(good).unwrap();
    assert_eq!(r.to_string(), "nim stones=7: 1 2");
    assert_eq!(serde_json::to_string(&r).unwrap(), good);
    // The parameters inside the game's name were accepted and moved to `params`.
    let e =
        serde_json::from_str::<Record<Nim>>(r#"{"game":"nim stones=5","params":"","actions":[]}"#)
            .unwrap_err();
    assert!(
        e.to_string().contains("the record is for `nim stones=5`"),
        "{e}"
    );
    // Two actions in one element were read as two actions.
    let e = serde_json::from_str::<Record<Nim>>(r#"{"game":"nim","params":"","actions":["1 2"]}"#)
        .unwrap_err();
    assert!(
        e.to_string().starts_with("action 1: cannot read `1 2`"),
        "{e}"
    );
    // An action may not hide the parameters or a colon either.
    for bad in [
        r#"{"game":"nim","params":"stones=5:","actions":[]}"#,
        r#"{"game":"nim:","params":"","actions":[]}"#,
        r#"{"game":"nim","params":"","actions":[""]}"#,
        r#"{"game":"nim","params":"","actions":["1"],"extra":1}"#,
    ] {
        assert!(serde_json::from_str::<Record<Nim>>(bad).is_err(), "{bad}");
    }
}

#[test]
fn errors_quoting_input_stay_on_one_line() {
    let e = serde_json::from_str::<Record<Nim>>(r#"{"game":"a\nb","params":"","actions":[]}"#)
        .unwrap_err();
    assert!(e.to_string().contains(r"`a\nb`"), "{e}");
    let e = serde_json::from_str::<Record<Nim>>(r#"{"game":"nim","params":"x\r\n","actions":[]}"#)
        .unwrap_err();
    assert!(!e.to_string().contains(['\n', '\r']), "{e}");
}

#[test]
fn views_and_touches_serialise_to_the_documented_json_shape() {
    let nim = Nim::new(&"stones=2".parse().unwrap());
    let json = serde_json::to_value(nim.view()).unwrap();
    assert_eq!(
        json["geometry"],
        serde_json::json!({"kind": "square", "files": 2, "ranks": 1})
    );
    assert_eq!(json["cells"][1]["name"], "2");
    assert_eq!(
        json["cells"][1]["terrain"],
        serde_json::json!({"kind": "plain"})
    );
    assert_eq!(json["cells"][1]["pieces"][0]["kind"], "black");
    assert_eq!(json["to_act"], 0);
    let t = touches(&nim, &"1".parse().unwrap()).unwrap();
    let json = serde_json::to_value(&t).unwrap();
    assert_eq!(json["action"], "1");
    assert_eq!(json["from"], serde_json::Value::Null);
    assert_eq!(json["changed"], serde_json::json!([1]));
    let back: Touches = serde_json::from_value(json).unwrap();
    assert_eq!(back, t);
}
