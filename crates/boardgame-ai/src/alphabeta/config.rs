//! The settings of an alpha-beta agent.

#[cfg(doc)]
use super::AlphaBeta;
use crate::SharedWin;

/// How chance nodes are searched (SPEC key `star` of `alphabeta`: `0`, `1` or `2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ChancePruning {
    /// Plain expectimax: every outcome searched with a full window (`star=0`).
    Expectimax,
    /// Star1: bounds from the outcomes searched so far and the extreme values (`star=1`, the
    /// default: on Arandia Star2's probes cost more nodes than they save).
    #[default]
    Star1,
    /// Star2: Star1 after a probing pass that searches one action after each outcome
    /// (`star=2`).
    Star2,
}

/// How three to six seats are modelled (SPEC key `multi` of `alphabeta`). Two-seat games are
/// always searched with minimax, whatever this says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MultiSeat {
    /// Every other seat plays against the root seat (`multi=paranoid`, the default).
    #[default]
    Paranoid,
    /// Best-reply search: one other seat replies between two turns of the root seat, the
    /// others play their greedy action (`multi=brs`).
    BestReply,
    /// Max^n: every seat maximises its own value (`multi=maxn`).
    MaxN,
}

impl MultiSeat {
    /// The SPEC name (`paranoid`, `brs`, `maxn`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MultiSeat::Paranoid => "paranoid",
            MultiSeat::BestReply => "brs",
            MultiSeat::MaxN => "maxn",
        }
    }
}

/// The settings of [`AlphaBeta`] (the SPEC keys of `alphabeta`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in player decisions (SPEC key `depth`, default 64); chance
    /// events do not count, nor the greedy actions of best-reply search.
    pub max_depth: u32,
    /// log2 of the transposition table's entries (SPEC key `tt`, default 20: at most 24 MiB,
    /// grown as the search fills it from 4096 entries, with the same search as a table
    /// reserved whole); 0 turns the table off (every search then equals a plain fixed-depth
    /// search, for tests). Max^n uses no table.
    pub tt_bits: u32,
    /// Pruning at chance nodes (SPEC key `star`, default Star1).
    pub chance: ChancePruning,
    /// The model of the other seats with three to six seats (SPEC key `multi`, default
    /// paranoid).
    pub multi: MultiSeat,
    /// The value of a win shared by several seats (SPEC key `shared`, default
    /// [`SharedWin::Full`]: worth a win).
    pub shared: SharedWin,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            max_depth: 64,
            tt_bits: 20,
            chance: ChancePruning::default(),
            multi: MultiSeat::default(),
            shared: SharedWin::Full,
        }
    }
}

impl AlphaBetaConfig {
    /// The largest `tt_bits` (SPEC key `tt`): 2^28 entries of 24 bytes, 6 GiB at most. The
    /// table starts with 4096 entries at the first choice (refused memory is an
    /// [`AgentError::OutOfMemory`](crate::AgentError::OutOfMemory)) and doubles, fallibly,
    /// whenever half of its entries are taken (a doubling refused leaves it as it is).
    pub const MAX_TT_BITS: u32 = 28;

    /// The deepest `max_depth` a SPEC accepts (key `depth`).
    pub const MAX_DEPTH: u32 = 1000;

    /// These settings with another deepest iteration.
    #[must_use]
    pub const fn with_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// These settings with another table size (log2 of the entries; 0: no table).
    #[must_use]
    pub const fn with_table(mut self, tt_bits: u32) -> Self {
        self.tt_bits = tt_bits;
        self
    }

    /// These settings with another pruning at chance nodes.
    #[must_use]
    pub const fn with_chance(mut self, chance: ChancePruning) -> Self {
        self.chance = chance;
        self
    }

    /// These settings with another model of three to six seats.
    #[must_use]
    pub const fn with_multi(mut self, multi: MultiSeat) -> Self {
        self.multi = multi;
        self
    }
}
