//! The game of a room: a [`boardgames::Table`] (history, notation, chance draws and agents
//! are the Table's), and the numbering of the seats in play that the API uses.

use boardgame_kit::{Seat, ToAct};
use boardgames::{GameEntry, Table};

/// A game in progress and the seats in play, in seat order (the API's seat numbers index
/// this list; the Table's seat indices are the game's).
#[derive(Clone)]
pub(crate) struct Match {
    table: Table,
    seats: Vec<usize>,
}

/// Who acts next, by seat number (0-based, among the seats in play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    Seat(usize),
    Chance,
    Over,
}

impl Match {
    /// The start position of `entry` with `params`.
    pub(crate) fn start(entry: &GameEntry, params: &str) -> Result<Match, String> {
        let table = Table::new(entry.name(), params, None).map_err(|e| e.to_string())?;
        let seats = table.game().seats().iter().map(Seat::index).collect();
        Ok(Match { table, seats })
    }

    /// The seat names of the seats in play, in seat order.
    pub(crate) fn seat_names(&self) -> Vec<&'static str> {
        let game = self.table.game();
        self.seats
            .iter()
            .map(|&i| game.seat_name(Seat::of(i)))
            .collect()
    }

    /// A bound on the game's length, where the rules give one.
    pub(crate) fn max_length(&self) -> Option<u64> {
        self.table.game().max_game_length()
    }

    pub(crate) fn seat_count(&self) -> usize {
        self.seats.len()
    }

    pub(crate) fn turn(&self) -> Turn {
        match self.table.to_act() {
            ToAct::Seat(s) => match self.seats.iter().position(|&x| x == s.index()) {
                Some(i) => Turn::Seat(i),
                None => Turn::Over,
            },
            ToAct::Chance => Turn::Chance,
            _ => Turn::Over,
        }
    }

    pub(crate) fn position(&self) -> String {
        self.table.position()
    }

    pub(crate) fn status_line(&self) -> String {
        self.table.status_line()
    }

    /// The legal actions, sorted (the outcomes at a chance node).
    pub(crate) fn legal(&self) -> Vec<String> {
        self.table.legal()
    }

    /// Plays `text` (the game's notation, or `#ID`) and returns it as the notation writes it;
    /// an unreadable or illegal action changes nothing.
    pub(crate) fn play(&mut self, text: &str) -> Result<String, String> {
        self.table.play(text.trim()).map_err(|e| e.to_string())?;
        Ok(self.last())
    }

    fn last(&self) -> String {
        self.table
            .moves()
            .last()
            .map(|m| m.text.clone())
            .unwrap_or_default()
    }

    /// At a chance node, draws an outcome from the operating system's randomness with its
    /// exact probability and plays it; `None` anywhere else.
    pub(crate) fn roll(&mut self) -> Option<String> {
        match self.table.play_chance(&mut crate::secret::OsRandom) {
            Ok(Some(_)) => Some(self.last()),
            _ => None,
        }
    }

    /// The action a fresh agent from `spec` chooses for the seat to act (on an agent thread).
    pub(crate) fn choose(&self, spec: &str, seed: u64) -> Option<String> {
        self.table.choose_fresh(spec, seed).ok().map(|(a, _)| a)
    }
}

/// Plies played on a [`Match`] ahead of their commit: taken back when this is dropped, unless
/// kept. A room plays an action on its own game (no copy of its history per action) and
/// stays as its last commit left it whether the commit succeeds, fails, or is abandoned (the
/// request's future dropped while the commit waits).
pub(crate) struct Ahead<'a> {
    game: &'a mut Match,
    plies: usize,
}

impl<'a> Ahead<'a> {
    /// Nothing played yet on `game`.
    pub(crate) fn new(game: &'a mut Match) -> Ahead<'a> {
        Ahead { game, plies: 0 }
    }

    /// The game with the plies played.
    pub(crate) fn game(&self) -> &Match {
        self.game
    }

    /// Plays `text` (see [`Match::play`]): one more ply to take back.
    pub(crate) fn play(&mut self, text: &str) -> Result<String, String> {
        let played = self.game.play(text)?;
        self.plies += 1;
        Ok(played)
    }

    /// Draws and plays a chance outcome (see [`Match::roll`]): one more ply to take back.
    pub(crate) fn roll(&mut self) -> Option<String> {
        let outcome = self.game.roll()?;
        self.plies += 1;
        Some(outcome)
    }

    /// The plies are committed: they stay.
    pub(crate) fn keep(mut self) {
        self.plies = 0;
    }
}

impl Drop for Ahead<'_> {
    fn drop(&mut self) {
        if self.plies > 0 {
            // Each of these plies was played on this game just before: taking them back
            // succeeds.
            let _ = self.game.table.undo(self.plies);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Ahead, Match, Turn};

    fn start(game: &str) -> Match {
        let entry = boardgames::find(game).expect("a game of the registry");
        Match::start(entry, "").expect("default parameters")
    }

    #[test]
    fn plies_played_ahead_are_taken_back_unless_kept() {
        let mut game = start("slimetrail");
        let before = game.position();
        let mut ahead = Ahead::new(&mut game);
        assert_eq!(ahead.play("c3").unwrap(), "c3");
        assert_ne!(ahead.game().position(), before);
        drop(ahead);
        assert_eq!(game.position(), before);
        assert_eq!(game.turn(), Turn::Seat(0));

        let mut ahead = Ahead::new(&mut game);
        ahead.play("c3").unwrap();
        let after = ahead.game().position();
        ahead.keep();
        assert_eq!(game.position(), after);
        assert_eq!(game.turn(), Turn::Seat(1));
    }

    #[test]
    fn an_illegal_action_played_ahead_changes_nothing() {
        let mut game = start("slimetrail");
        let before = game.position();
        let mut ahead = Ahead::new(&mut game);
        ahead.play("c3").unwrap();
        assert!(ahead.play("c3").is_err());
        drop(ahead);
        assert_eq!(game.position(), before);
    }

    #[test]
    fn dice_rolled_ahead_are_taken_back_with_the_action_before_them() {
        // Arandian checkers: an opening move, then the server's die.
        let mut game = start("arandia");
        let before = game.position();
        let first = game.legal()[0].clone();
        let mut ahead = Ahead::new(&mut game);
        ahead.play(&first).unwrap();
        assert_eq!(ahead.game().turn(), Turn::Chance);
        assert!(ahead.roll().is_some());
        assert_ne!(ahead.game().turn(), Turn::Chance);
        drop(ahead);
        assert_eq!(game.position(), before);
        assert_eq!(game.legal()[0], first);
    }
}
