//! Any game's board behind one object: [`DynBoard`], the object-safe face of [`BoardView`].
//!
//! A [`DynGame`] that can also draw itself: the board view ([`DynBoard::board_view`]), the cells
//! every legal action starts from and goes to ([`DynBoard::legal_hints`]) and everything an
//! action given as text or index touches ([`DynBoard::touches_text`], [`DynBoard::touches_index`]).
//! Every [`BoardView`] game is a `DynBoard` through a blanket impl, so a generic renderer
//! holding a `Box<dyn DynBoard>` draws and animates any game without knowing its types; a
//! `&dyn DynBoard` is a `&dyn DynGame` too (trait upcasting).
//!
//! ```
//! use boardgame_kit::view::{touches, BoardView};
//! use boardgame_kit::{testing::Nim, DynBoard, DynGame, Game};
//! let nim = Nim::new(&"stones=3".parse().unwrap());
//! let board: Box<dyn DynBoard> = Box::new(nim.clone());
//! assert_eq!(board.board_view(), nim.view());
//! let t = board.touches_text("2").unwrap();
//! assert_eq!(Some(t), touches(&nim, &"2".parse().unwrap()));
//! assert!(board.touches_text("3").is_err()); // only two may be taken from three
//! let game: &dyn DynGame = board.as_ref();
//! assert_eq!(game.legal_texts(), ["1", "2"]);
//! ```

use crate::dynamic::{DynGame, DynPlayError};
use crate::game::Actions;
use crate::view::{touches, ActionHint, BoardView, Touches, View};
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The object-safe face of a [`BoardView`] game: its board, and the cells its actions touch,
/// with actions as text or as indices into the legal list (the order of
/// [`DynGame::legal_texts`]).
pub trait DynBoard: DynGame {
    /// The board now ([`BoardView::view`]).
    fn board_view(&self) -> View;
    /// Every legal action (at a chance node the outcomes) as text, in the game's order, with
    /// the cells it starts from and goes to ([`BoardView::action_hint`]).
    fn legal_hints(&self) -> Vec<(String, ActionHint)>;
    /// Everything legal action number `index` touches ([`touches`]).
    fn touches_index(&self, index: usize) -> Result<Touches, DynPlayError>;
    /// A copy of this state.
    fn clone_board(&self) -> Box<dyn DynBoard>;

    /// Everything the action written `text` touches; an error says why it cannot be played.
    fn touches_text(&self, text: &str) -> Result<Touches, DynPlayError> {
        self.touches_index(self.action_index(text)?)
    }
}

impl Clone for Box<dyn DynBoard> {
    fn clone(&self) -> Self {
        self.clone_board()
    }
}

impl<G: BoardView + crate::encoding::Encoding> DynBoard for G
where
    G::Undo: 'static,
{
    fn board_view(&self) -> View {
        self.view()
    }

    fn legal_hints(&self) -> Vec<(String, ActionHint)> {
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        list.iter()
            .map(|a| (a.to_string(), self.action_hint(a)))
            .collect()
    }

    fn touches_index(&self, index: usize) -> Result<Touches, DynPlayError> {
        let mut list = Actions::<G>::new();
        self.legal_actions(&mut list);
        let no_such = DynPlayError::NoSuchIndex {
            index,
            count: list.len(),
        };
        let action = list.get(index).ok_or(no_such.clone())?;
        touches(self, action).ok_or(no_such)
    }

    fn clone_board(&self) -> Box<dyn DynBoard> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;
    use crate::Game;

    #[test]
    fn hints_and_touches_follow_the_legal_list() {
        let nim = Nim::new(&"stones=3".parse().unwrap());
        let board: &dyn DynBoard = &nim;
        let hints = board.legal_hints();
        let texts: Vec<&str> = hints.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["1", "2"]);
        for (i, (text, hint)) in hints.iter().enumerate() {
            let t = board.touches_index(i).unwrap();
            assert_eq!(&t.action, text);
            assert_eq!(&t.hint, hint);
            assert_eq!(board.touches_text(text).unwrap(), t);
        }
        assert_eq!(
            board.touches_index(2),
            Err(DynPlayError::NoSuchIndex { index: 2, count: 2 })
        );
        assert!(matches!(
            board.touches_text("x"),
            Err(DynPlayError::Syntax(_))
        ));
        assert_eq!(board.clone_board().board_view(), nim.view());
    }
}
