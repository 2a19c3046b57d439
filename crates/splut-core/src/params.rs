//! The parameters of a game: `players`, `seats`, `first`, `turn_limit`.

use crate::SEAT_NAMES;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use boardgame_kit::params::{int, join, ParamSpec, ParamValues};
use boardgame_kit::{ParamError, Seat, SeatSet};
use core::fmt;

/// The largest accepted `turn_limit`.
pub const MAX_TURN_LIMIT: u32 = 1_000_000;

/// The parameters of a game of Splut!.
///
/// | key | values | default |
/// | --- | --- | --- |
/// | `players` | 2, 3, 4 | `2` |
/// | `seats` | the seats in play (`sn`, `we`, `swn`, ...; 2 players must be opposite) | `sn`, `swn`, `swne` by count |
/// | `first` | a seat in play | `s` (`w` when the seats are `we`; with 3 players the seat after the empty one) |
/// | `turn_limit` | 0 (none) or a number of turns | `0` |
///
/// `Display` prints only the keys that differ from their defaults (in this order), so the
/// defaults print as the empty string; `seats` alone sets the number of players.
///
/// ```
/// use splut_core::Params;
/// let p: Params = "players=3".parse().unwrap();
/// assert_eq!(p.seats().len(), 3);
/// assert_eq!(p.first().index(), 0); // s: the seat after the empty e
/// assert_eq!(p.to_string(), "players=3");
/// let p: Params = "seats=we".parse().unwrap();
/// assert_eq!(p.to_string(), "seats=we");
/// assert_eq!(Params::default().to_string(), "");
/// assert!("players=2,seats=sw".parse::<Params>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    seats: SeatSet,
    first: Seat,
    turn_limit: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            seats: default_seats(2),
            first: Seat::of(0),
            turn_limit: 0,
        }
    }
}

/// The default seats for a number of players: `sn`, `swn`, `swne`.
fn default_seats(players: usize) -> SeatSet {
    match players {
        3 => SeatSet::from_bits(0b0111),
        4 => SeatSet::from_bits(0b1111),
        _ => SeatSet::from_bits(0b0101),
    }
}

/// The default first seat for a set of seats.
fn default_first(seats: SeatSet) -> Seat {
    if seats.len() == 3 {
        let empty = SeatSet::from_bits(!seats.bits() & 0b1111)
            .lowest()
            .unwrap_or(Seat::of(3));
        seats.next_after(empty).unwrap_or(Seat::of(0))
    } else {
        seats.lowest().unwrap_or(Seat::of(0))
    }
}

fn seats_text(seats: SeatSet) -> String {
    seats.iter().map(|s| SEAT_NAMES[s.index()]).collect()
}

impl Params {
    /// Parameters for these seats (2 to 4, two players opposite), with the default first seat
    /// and no turn limit.
    pub fn with_seats(seats: SeatSet) -> Result<Params, ParamError> {
        check_seats(seats, &seats_text(seats))?;
        Ok(Params {
            seats,
            first: default_first(seats),
            turn_limit: 0,
        })
    }

    /// The same parameters with another first seat (it must be in play).
    pub fn with_first(self, first: Seat) -> Result<Params, ParamError> {
        if !self.seats.contains(first) {
            return Err(ParamError::bad_value(
                "first",
                first.name(SEAT_NAMES),
                "a seat in play",
            ));
        }
        Ok(Params { first, ..self })
    }

    /// The same parameters with a turn limit (0 = none).
    #[must_use]
    pub fn with_turn_limit(self, turn_limit: u32) -> Params {
        Params {
            turn_limit: turn_limit.min(MAX_TURN_LIMIT),
            ..self
        }
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The seats in play at the start.
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    /// The seat that moves first.
    #[must_use]
    pub fn first(&self) -> Seat {
        self.first
    }

    /// The turn limit (0 = none): the game is drawn once that many turns are completed.
    #[must_use]
    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }
}

fn check_seats(seats: SeatSet, text: &str) -> Result<(), ParamError> {
    let n = seats.len();
    if !(2..=4).contains(&n) || seats.bits() & !0b1111 != 0 {
        return Err(ParamError::bad_value(
            "seats",
            text,
            "2 to 4 of the seats s, w, n, e",
        ));
    }
    if n == 2 && seats.bits() != 0b0101 && seats.bits() != 0b1010 {
        return Err(ParamError::bad_value(
            "seats",
            text,
            "two opposite seats: sn or we",
        ));
    }
    Ok(())
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.players();
        let players = (n != 2).then(|| n.to_string());
        let seats = (self.seats != default_seats(n)).then(|| seats_text(self.seats));
        let first = (self.first != default_first(self.seats))
            .then(|| self.first.name(SEAT_NAMES).to_string());
        let limit = (self.turn_limit != 0).then(|| self.turn_limit.to_string());
        f.write_str(&join([
            ("players", players),
            ("seats", seats),
            ("first", first),
            ("turn_limit", limit),
        ]))
    }
}

boardgame_kit::impl_game_params!(
    Params,
    read: read,
    [
        ParamSpec::players(ParamValues::Int { min: 2, max: 4 }),
        ParamSpec::new(
            "seats",
            ParamValues::Text(
                "2 to 4 of the seat letters s, w, n, e; two players sit opposite (sn or we)",
            ),
            "sn",
            "the seats in play",
        )
        .with_default_rule("sn, swn or swne by the number of players"),
        ParamSpec::new(
            "first",
            ParamValues::Choice(&["s", "w", "n", "e"]),
            "s",
            "the seat that moves first, one in play",
        )
        .with_default_rule(
            "s (w for seats we, and with three players the seat after the empty one)",
        ),
        ParamSpec::turn_limit(MAX_TURN_LIMIT),
    ]
);

/// Reads the parameters from their `(key, value)` items: `players`, `seats` and `first` are
/// checked together.
fn read(items: Vec<(&str, &str)>) -> Result<Params, ParamError> {
    let mut players: Option<usize> = None;
    let mut seats: Option<SeatSet> = None;
    let mut first: Option<(Seat, &str)> = None;
    let mut turn_limit = 0;
    for (k, v) in items {
        match k {
            "players" => players = Some(int(k, v, 2usize, 4)?),
            "seats" => {
                let mut set = SeatSet::EMPTY;
                for ch in v.chars() {
                    let name = ch.to_ascii_lowercase().to_string();
                    let seat = Seat::from_name(&name, SEAT_NAMES).ok_or_else(|| {
                        ParamError::bad_value(k, v, "seat letters among s, w, n, e")
                    })?;
                    if set.contains(seat) {
                        return Err(ParamError::bad_value(k, v, "each seat at most once"));
                    }
                    set.insert(seat);
                }
                check_seats(set, v)?;
                seats = Some(set);
            }
            "first" => {
                let seat = Seat::from_name(&v.to_ascii_lowercase(), SEAT_NAMES)
                    .ok_or_else(|| ParamError::bad_value(k, v, "a seat: s, w, n or e"))?;
                first = Some((seat, v));
            }
            "turn_limit" => turn_limit = int(k, v, 0u32, MAX_TURN_LIMIT)?,
            _ => return Err(ParamError::UnknownKey(k.to_string())),
        }
    }
    let seats = match (players, seats) {
        (Some(n), Some(set)) if set.len() != n => {
            return Err(ParamError::Conflict {
                key: "players".into(),
                other: "seats".into(),
                why: alloc::format!("{} players but {} seats", n, set.len()).into(),
            })
        }
        (_, Some(set)) => set,
        (Some(n), None) => default_seats(n),
        (None, None) => default_seats(2),
    };
    let first = match first {
        Some((seat, _)) if seats.contains(seat) => seat,
        Some((_, v)) => return Err(ParamError::bad_value("first", v, "a seat in play")),
        None => default_first(seats),
    };
    Ok(Params {
        seats,
        first,
        turn_limit,
    })
}

/// One parameter text per seating, for tests that go through every one: the defaults (south
/// and north), east and west, three players, four players.
#[cfg(test)]
pub(crate) const SEATINGS: [&str; 4] = ["", "seats=we", "players=3", "players=4"];

/// [`SEATINGS`], then one more parameter text.
#[cfg(test)]
pub(crate) fn seatings_then(more: &'static str) -> impl Iterator<Item = &'static str> {
    SEATINGS.into_iter().chain([more])
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_text!(Params);

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::conformance::check_refused;

    #[test]
    fn defaults_and_round_trips() {
        for (text, shown) in [
            ("", ""),
            ("players=2", ""),
            ("players=3", "players=3"),
            ("players=4", "players=4"),
            ("seats=we", "seats=we"),
            ("players=2,seats=we", "seats=we"),
            ("seats=ews", "players=3,seats=swe"),
            ("players=3,first=s", "players=3"),
            ("players=3,first=w", "players=3,first=w"),
            ("seats=nwe", "players=3,seats=wne"),
            ("turn_limit=200", "turn_limit=200"),
            ("first=n", "first=n"),
        ] {
            let p: Params = text.parse().unwrap();
            assert_eq!(p.to_string(), shown, "{text}");
            assert_eq!(shown.parse::<Params>().unwrap(), p);
        }
        let p: Params = "seats=wne".parse().unwrap();
        assert_eq!(p.first(), Seat::of(1)); // after the empty s
        let p: Params = "seats=swe".parse().unwrap();
        assert_eq!(p.first(), Seat::of(3)); // after the empty n
        let p: Params = "seats=swn".parse().unwrap();
        assert_eq!(p.first(), Seat::of(0)); // after the empty e comes s
    }

    #[test]
    fn errors_name_the_key() {
        check_refused::<Params>(&[
            ("players=5", "players"),
            ("seats=sw", "seats"),
            ("seats=sx", "seats"),
            ("players=3,seats=sn", "players"),
            ("first=w", "first"),
            ("turn_limit=-1", "turn_limit"),
            ("colour=red", "colour"),
        ]);
    }
}
