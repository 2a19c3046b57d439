//! The kit's geometry, seats, probabilities and drivers.

use boardgame_kit::drivers::sample_chance;
use boardgame_kit::{
    Bitboard7, Cell, ChanceOutcomes, Dir4, Dir8, Hex, HexBoard, HexDir, Prob, RandomSource, Seat,
    SeatSet, SplitMix64, SquareGrid, TurnOrder,
};

#[test]
fn cell_names_cover_twenty_by_twenty() {
    let g = SquareGrid::new(20, 20);
    for c in g.iter() {
        let name = c.to_string();
        assert_eq!(name.parse::<Cell>().unwrap(), c);
        assert_eq!(g.parse_cell(&name.to_uppercase()).unwrap(), c);
    }
    assert_eq!(Cell::new(19, 19).to_string(), "t20");
    assert!(g.parse_cell("u1").is_err());
    assert!(g.parse_cell("a21").is_err());
    assert!("a01".parse::<Cell>().is_err());
}

#[test]
fn directions_are_consistent() {
    for d in Dir8::ALL {
        let (f, r) = d.delta();
        assert_eq!(d.opposite().delta(), (-f, -r));
        assert_eq!(Dir8::from_delta(f, r), Some(d));
        assert_eq!(d.name().parse::<Dir8>().unwrap(), d);
    }
    for d in Dir4::ALL {
        assert_eq!(Dir8::from(d).delta(), d.delta());
        assert_eq!(d.opposite().opposite(), d);
    }
    assert_eq!(SquareGrid::new(7, 7).step(Cell::new(0, 0), Dir8::SW), None);
}

#[test]
fn flood_fill_follows_diagonal_chains_only_within_the_set() {
    let g = SquareGrid::new(20, 20);
    let at = |f, r| g.index(Cell::new(f, r));
    let chain: Bitboard7 = [
        at(0, 0),
        at(1, 1),
        at(2, 2),
        at(3, 3),
        at(10, 10),
        at(19, 0),
        at(0, 1),
    ]
    .into_iter()
    .collect();
    let reached = Bitboard7::single(at(0, 0)).flood8(chain, g.stride());
    assert_eq!(reached.count(), 5);
    assert!(!reached.contains(at(10, 10)));
    assert!(
        !reached.contains(at(19, 0)),
        "no wrap from a1 to t1's neighbourhood"
    );
}

#[test]
fn hex_board_has_61_cells_rings_and_rotation() {
    let b = HexBoard::new(4);
    assert_eq!(b.iter().count(), 61);
    let sizes: Vec<usize> = (0..=4).map(|k| b.ring(k).count()).collect();
    assert_eq!(sizes, [1, 6, 12, 18, 24]);
    for c in b.iter() {
        for k in 0..6 {
            assert!(
                b.contains(c.rotate_about(b.centre(), k)),
                "rotation keeps the hexagon"
            );
        }
        assert_eq!(c.rotate_about(b.centre(), 6), c);
        assert_eq!(b.parse(&b.name(c).to_string()).unwrap(), c);
    }
    // Rows as the Arandia rules file lists them.
    let row = |r: i8| {
        b.iter()
            .filter(|h| h.rank == r)
            .map(|h| b.name(h).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(row(8), ["e9", "f9", "g9", "h9", "i9"]);
    assert_eq!(row(0), ["a1", "b1", "c1", "d1", "e1"]);
    assert_eq!(row(4).len(), 9);
    for d in HexDir::ALL {
        assert_eq!(Hex::new(4, 4).neighbour(d).distance(Hex::new(4, 4)), 1);
        assert_eq!(d.opposite().opposite(), d);
    }
}

#[test]
fn turn_order_skips_eliminated_and_empty_seats() {
    // Seats 0, 1, 3 in play (seat 2 empty).
    let mut t = TurnOrder::new(SeatSet::from_bits(0b1011), Seat::of(1), 3);
    assert_eq!(t.end_turn(3), Seat::of(3));
    assert_eq!(t.end_turn(3), Seat::of(0));
    t.eliminate(Seat::of(1));
    assert_eq!(t.end_turn(3), Seat::of(3));
    assert!(
        !t.spend() && !t.spend() && t.spend(),
        "a budget of 3 is spent by the third action"
    );
    t.eliminate(Seat::of(0));
    assert_eq!(t.survivor(), Some(Seat::of(3)));
}

#[test]
fn probabilities_are_exact_and_sampling_follows_them() {
    assert_eq!(Prob::new(2, 12), Prob::new(1, 6));
    let mut outs: ChanceOutcomes<u8> = ChanceOutcomes::new();
    outs.push((0, Prob::new(1, 2)));
    outs.push((1, Prob::new(1, 4)));
    outs.push((2, Prob::new(1, 4)));
    let mut rng = SplitMix64::new(5);
    let mut counts = [0u32; 3];
    for _ in 0..40_000 {
        counts[sample_chance(&outs, &mut rng).unwrap() as usize] += 1;
    }
    assert!((19_000..21_000).contains(&counts[0]), "{counts:?}");
    assert!((9_000..11_000).contains(&counts[1]), "{counts:?}");
}

#[test]
fn below_is_in_range_and_covers_it() {
    let mut rng = SplitMix64::new(1);
    let mut seen = [false; 7];
    for _ in 0..1000 {
        let x = rng.below(7);
        assert!(x < 7);
        seen[x as usize] = true;
    }
    assert!(seen.iter().all(|s| *s));
}

#[cfg(feature = "serde")]
#[test]
fn cells_and_directions_serialise_as_their_names() {
    assert_eq!(serde_json::to_string(&Cell::new(4, 4)).unwrap(), "\"e5\"");
    assert_eq!(
        serde_json::from_str::<Cell>("\"T20\"").unwrap(),
        Cell::new(19, 19)
    );
    assert!(serde_json::from_str::<Cell>("\"e0\"").is_err());
    assert_eq!(serde_json::to_string(&Dir8::NW).unwrap(), "\"nw\"");
}

proptest::proptest! {
    /// An error message quotes at most `EXCERPT_BYTES` bytes of any input, on one line, and
    /// says the input's length when it cut it.
    #[test]
    fn excerpts_are_short_single_lines(input in "\\PC{0,80}|[\\x00-\\x1f\\\\é\u{2028}]{0,200}") {
        use boardgame_kit::error::{Excerpt, EXCERPT_BYTES};
        let quoted = Excerpt(&input).to_string();
        proptest::prop_assert!(!quoted.contains(['\n', '\r', '\u{2028}']), "{quoted:?}");
        let suffix = format!("... ({} bytes)", input.len());
        let shown = quoted.strip_suffix(&suffix).unwrap_or(&quoted);
        proptest::prop_assert!(shown.len() <= EXCERPT_BYTES, "{quoted:?}");
        let plain = input.bytes().all(|b| b.is_ascii_graphic() && b != b'\\' || b == b' ');
        if plain && input.len() <= EXCERPT_BYTES {
            proptest::prop_assert_eq!(&quoted, &input);
        }
    }
}
