//! Macros that give game types serde support through their text forms, so deserialising always
//! validates (it goes through the same parsers as the notation) and never trusts raw fields.

/// Implements `Serialize`/`Deserialize` for a type through its `Display` and `FromStr`
/// (actions, parameters). Use under the crate's `serde` feature.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use boardgame_kit::Cell;
/// #[derive(Debug, PartialEq)]
/// struct Target(Cell);
/// impl core::fmt::Display for Target {
///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { self.0.fmt(f) }
/// }
/// impl core::str::FromStr for Target {
///     type Err = boardgame_kit::SyntaxError;
///     fn from_str(s: &str) -> Result<Self, Self::Err> { s.parse().map(Target) }
/// }
/// boardgame_kit::impl_serde_text!(Target);
/// # }
/// ```
#[macro_export]
macro_rules! impl_serde_text {
    ($t:ty) => {
        impl $crate::__private::serde::Serialize for $t {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> $crate::__private::serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                let s = <$crate::__private::String as $crate::__private::serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }
    };
}

/// Implements `Serialize`/`Deserialize` for a game state as `{game, params, position}`;
/// deserialising checks the game name and validates through [`crate::Game::from_position`].
#[macro_export]
macro_rules! impl_serde_state {
    ($t:ty) => {
        impl $crate::__private::serde::Serialize for $t {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                s: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::__private::serialize_state(self, s)
            }
        }
        impl<'de> $crate::__private::serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::deserialize_state(d)
            }
        }
    };
}

#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod private {
    use crate::game::Game;
    pub use alloc::string::String;
    use alloc::string::ToString;
    pub use serde;

    pub fn serialize_state<G: Game, S: serde::Serializer>(g: &G, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("State", 3)?;
        st.serialize_field("game", G::NAME)?;
        st.serialize_field("params", &g.params().to_string())?;
        st.serialize_field("position", &g.position())?;
        st.end()
    }

    pub fn deserialize_state<'de, G: Game, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<G, D::Error> {
        use serde::de::Error;
        use serde::Deserialize;
        #[derive(serde::Deserialize)]
        struct Raw {
            game: String,
            params: String,
            position: String,
        }
        let raw = Raw::deserialize(d)?;
        if raw.game != G::NAME {
            return Err(D::Error::custom(alloc::format!(
                "state of `{}`, not `{}`",
                raw.game,
                G::NAME
            )));
        }
        let params: G::Params = raw.params.parse().map_err(D::Error::custom)?;
        G::from_position(&params, &raw.position).map_err(D::Error::custom)
    }
}
