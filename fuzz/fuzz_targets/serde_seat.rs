//! Arbitrary bytes as the JSON forms of the kit's seat types (`Seat`, `SeatSet`, `TurnOrder`):
//! reading never panics, and what is read keeps the types' invariants (an index below six, a
//! set within six seats, a turn order whose active seats and seat to act are among its seats).
#![no_main]

use boardgame_kit::{Seat, SeatSet, TurnOrder, MAX_SEATS};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(seat) = serde_json::from_slice::<Seat>(data) {
        assert!(seat.index() < MAX_SEATS);
        assert!(SeatSet::first(MAX_SEATS).contains(seat));
        assert_eq!(
            serde_json::to_string(&seat).unwrap(),
            seat.index().to_string()
        );
    }
    if let Ok(set) = serde_json::from_slice::<SeatSet>(data) {
        assert_eq!(set.len(), set.iter().count());
        assert_eq!(set, set.iter().collect::<SeatSet>());
        let back: SeatSet = serde_json::from_str(&serde_json::to_string(&set).unwrap()).unwrap();
        assert_eq!(back, set);
    }
    if let Ok(mut order) = serde_json::from_slice::<TurnOrder>(data) {
        assert!(order.seats().contains(order.current()));
        assert_eq!(order.active().bits() & !order.seats().bits(), 0);
        let json = serde_json::to_string(&order).unwrap();
        assert_eq!(serde_json::from_str::<TurnOrder>(&json).unwrap(), order);
        let _ = order.peek_next();
        order.end_turn(1);
        assert!(order.seats().contains(order.current()));
    }
});
