//! Golden files shared by every game crate's tests (feature `conformance`).
//!
//! - **Perft tables**: `PARAMS<TAB>DEPTH<TAB>COUNT` per line (`-` for the default parameters,
//!   `#` starts a comment), read by [`perft_rows`] and checked by [`check_perft`].
//! - **Playthroughs**: line 1 is a [`Record`]'s text, then the `trace` status line
//!   ([`status_line`]) before the first action and after each one. [`playthrough`] writes one
//!   from a seed; [`check_playthrough`] replays a golden text and compares every line.
//! - **Encodings** ([`Encoding`]): `tests/golden/info.txt` holds, for each parameter set, the
//!   lines of `boardgame info` ([`info_text`], [`Info`](crate::encoding::Info)) after a `params P` line, blocks separated by
//!   blank lines ([`check_info_file`]); `tests/golden/observation-NAME.txt` holds a game's
//!   record, the observing seat and the observation there, plane by plane
//!   ([`observation_text`], [`check_observation_file`]).

use crate::drivers::{random_action, status_line};
use crate::encoding::Encoding;
use crate::game::{Actions, Game};
use crate::record::Record;
use crate::seat::Seat;
use crate::SplitMix64;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// One row of a golden perft table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PerftRow {
    /// Parameters text (empty for the defaults).
    pub params: String,
    /// Depth.
    pub depth: u32,
    /// The expected count.
    pub count: u64,
}

/// Reads a golden perft table; panics on a malformed line (it is test data).
///
/// ```
/// use boardgame_kit::golden::perft_rows;
/// let rows = perft_rows("# comment\n-\t1\t8\nsize=5\t2\t56\n");
/// assert_eq!(rows.len(), 2);
/// assert_eq!((rows[1].params.as_str(), rows[1].depth, rows[1].count), ("size=5", 2, 56));
/// ```
#[must_use]
pub fn perft_rows(tsv: &str) -> Vec<PerftRow> {
    tsv.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                f.len(),
                3,
                "perft table line `{l}`: expected PARAMS<TAB>DEPTH<TAB>COUNT"
            );
            PerftRow {
                params: if f[0] == "-" {
                    String::new()
                } else {
                    f[0].to_string()
                },
                depth: f[1]
                    .parse()
                    .unwrap_or_else(|_| panic!("perft table line `{l}`: bad depth")),
                count: f[2]
                    .parse()
                    .unwrap_or_else(|_| panic!("perft table line `{l}`: bad count")),
            }
        })
        .collect()
}

/// Checks every row with [`crate::perft()`] (the game's kernel) and with the generic driver
/// [`crate::perft_generic`]; returns the number of rows checked.
///
/// ```
/// use boardgame_kit::{golden::{check_perft, perft_rows}, testing::Nim};
/// assert_eq!(check_perft::<Nim>(&perft_rows("-\t1\t2\nstones=3\t3\t1\n")), 2);
/// ```
pub fn check_perft<'a, G: Game>(rows: impl IntoIterator<Item = &'a PerftRow>) -> usize {
    let mut n = 0;
    for row in rows {
        let params: G::Params = row
            .params
            .parse()
            .unwrap_or_else(|e| panic!("perft table params `{}`: {e}", row.params));
        let mut s = G::new(&params);
        assert_eq!(
            crate::perft(&mut s, row.depth),
            row.count,
            "{} perft (the game's kernel) [{}] depth {}",
            G::NAME,
            row.params,
            row.depth
        );
        assert_eq!(
            crate::perft_generic(&mut s, row.depth),
            row.count,
            "{} perft (the generic driver) [{}] depth {}",
            G::NAME,
            row.params,
            row.depth
        );
        assert_eq!(s, G::new(&params), "{} perft changed the state", G::NAME);
        n += 1;
    }
    n
}

/// A golden playthrough: a random game from `seed` (at most `max_actions` actions) as the
/// record line followed by the status lines.
///
/// ```
/// use boardgame_kit::{golden::{check_playthrough, playthrough}, testing::Nim};
/// let text = playthrough::<Nim>(&Default::default(), 1, 100);
/// assert!(text.starts_with("nim:"));
/// assert!(text.trim_end().ends_with("over: 1") || text.trim_end().ends_with("over: 2"));
/// check_playthrough::<Nim>(&text);
/// ```
pub fn playthrough<G: Game>(params: &G::Params, seed: u64, max_actions: u64) -> String {
    let mut rec = Record::<G>::new(params.clone());
    let mut rng = SplitMix64::new(seed);
    let mut buf = Actions::<G>::new();
    while (rec.actions().len() as u64) < max_actions {
        let Some(a) = random_action(rec.state(), &mut rng, &mut buf) else {
            break;
        };
        rec.play(a)
            .unwrap_or_else(|e| panic!("random legal action {a} refused: {e}"));
    }
    render(&rec)
}

fn render<G: Game>(record: &Record<G>) -> String {
    let mut s = G::new(record.params());
    let mut out = record.to_string();
    out.push('\n');
    out.push_str(&status_line(&s));
    out.push('\n');
    for &a in record.actions() {
        s.play_unchecked(a);
        out.push_str(&status_line(&s));
        out.push('\n');
    }
    out
}

/// Replays the record on line 1 of a golden playthrough and compares every status line.
pub fn check_playthrough<G: Game>(golden: &str) {
    let first = golden.lines().next().unwrap_or_default();
    let record: Record<G> = first
        .parse()
        .unwrap_or_else(|e| panic!("golden record `{first}`: {e}"));
    let got = render(&record);
    for (i, (g, w)) in got.lines().zip(golden.lines()).enumerate() {
        assert_eq!(g, w, "{} playthrough line {}", G::NAME, i + 1);
    }
    assert_eq!(
        got.lines().count(),
        golden.lines().count(),
        "{} playthrough: number of lines",
        G::NAME
    );
}

/// Checks the golden playthrough file `tests/golden/playthrough-{name}.txt` of a crate
/// (`manifest_dir` is its `CARGO_MANIFEST_DIR`): a random game from `seed` with these
/// parameters, at most `max_actions` long. With the environment variable `BLESS` set, the file
/// is first rewritten from the engine (check new files by eye against the rules).
pub fn check_playthrough_file<G: Game>(
    manifest_dir: &str,
    name: &str,
    params: &str,
    seed: u64,
    max_actions: u64,
) {
    extern crate std;
    let path = std::format!("{manifest_dir}/tests/golden/playthrough-{name}.txt");
    if std::env::var_os("BLESS").is_some() {
        let p: G::Params = params
            .parse()
            .unwrap_or_else(|e| panic!("playthrough {name}: {e}"));
        std::fs::write(&path, playthrough::<G>(&p, seed, max_actions))
            .unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    check_playthrough::<G>(&golden);
    let record: Record<G> = golden
        .lines()
        .next()
        .unwrap_or_default()
        .parse()
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        record.params().to_string(),
        params
            .parse::<G::Params>()
            .map(|p| p.to_string())
            .unwrap_or_default(),
        "{path}: parameters"
    );
}

/// The lines of `boardgame info` for a game with these parameters ([`Info`](crate::encoding::Info)'s text).
///
/// ```
/// use boardgame_kit::{golden::info_text, testing::Nim};
/// assert_eq!(
///     info_text::<Nim>(&"stones=3".parse().unwrap()),
///     "num_distinct_actions 2\nmax_chance_outcomes 0\nobservation_shape 2 1 3\nmax_game_length 3\n"
/// );
/// ```
#[must_use]
pub fn info_text<G: Encoding>(params: &G::Params) -> String {
    G::info(params).to_string()
}

/// The blocks of a golden `info.txt`: for each, the parameters (`params` alone for the
/// defaults) and its [`info_text`] lines. Panics on a malformed file (it is test data).
///
/// ```
/// use boardgame_kit::golden::info_blocks;
/// let blocks = info_blocks("params\nnum_distinct_actions 2\n\nparams stones=3\nnum_distinct_actions 2\n");
/// assert_eq!(blocks[1], ("stones=3".to_string(), "num_distinct_actions 2\n".to_string()));
/// ```
#[must_use]
pub fn info_blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let block = block.trim_start_matches('\n');
        let (head, rest) = block.split_once('\n').unwrap_or((block, ""));
        let params = match head.strip_prefix("params") {
            Some(p) => p.trim().to_string(),
            None => panic!("info block `{head}`: expected `params P`"),
        };
        let mut lines = rest.trim_end().to_string();
        lines.push('\n');
        out.push((params, lines));
    }
    out
}

/// Checks `tests/golden/info.txt` of a crate (`manifest_dir` is its `CARGO_MANIFEST_DIR`)
/// against [`info_text`] for every parameter set in it; returns the number of blocks. With
/// `BLESS` set, the file is first rewritten for the parameter sets `params` (check it by eye).
pub fn check_info_file<G: Encoding>(manifest_dir: &str, params: &[&str]) -> usize {
    extern crate std;
    let path = std::format!("{manifest_dir}/tests/golden/info.txt");
    if std::env::var_os("BLESS").is_some() {
        let mut text = String::new();
        for (i, p) in params.iter().enumerate() {
            let parsed: G::Params = p.parse().unwrap_or_else(|e| panic!("info {p}: {e}"));
            if i > 0 {
                text.push('\n');
            }
            text.push_str(std::format!("params {p}").trim_end());
            text.push('\n');
            text.push_str(&info_text::<G>(&parsed));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let blocks = info_blocks(&golden);
    for (p, lines) in &blocks {
        let parsed: G::Params = p.parse().unwrap_or_else(|e| panic!("{path}: `{p}`: {e}"));
        assert_eq!(info_text::<G>(&parsed), *lines, "{path}: parameters `{p}`");
    }
    blocks.len()
}

/// The observation of a state seen from `seat` as text: `shape D1 D2 ...`, then for a
/// three-dimensional shape each plane as `plane K` and its rows, values separated by spaces
/// (a flat shape: one line of values).
///
/// ```
/// use boardgame_kit::{golden::observation_text, testing::Nim, Game, Seat};
/// let g = Nim::new(&"stones=3".parse().unwrap());
/// assert_eq!(
///     observation_text(&g, Seat::of(1)),
///     "shape 2 1 3\nplane 0\n1 1 1\nplane 1\n0 0 0\n"
/// );
/// ```
#[must_use]
pub fn observation_text<G: Encoding>(state: &G, seat: Seat) -> String {
    let shape = G::observation_shape(&state.params());
    let mut obs = alloc::vec![0.0f32; shape.size()];
    if let Err(e) = state.observe(seat, &mut obs) {
        panic!("observing {} from seat {seat}: {e}", G::NAME);
    }
    let mut out = alloc::format!("shape {shape}\n");
    let dims = shape.dims();
    let row = |values: &[f32]| {
        let v: Vec<String> = values.iter().map(|x| alloc::format!("{x}")).collect();
        v.join(" ")
    };
    if dims.len() == 3 {
        let plane = dims[1] * dims[2];
        for (k, p) in obs.chunks(plane.max(1)).enumerate() {
            out.push_str(&alloc::format!("plane {k}\n"));
            for r in p.chunks(dims[2].max(1)) {
                out.push_str(&row(r));
                out.push('\n');
            }
        }
    } else {
        out.push_str(&row(&obs));
        out.push('\n');
    }
    out
}

/// Checks the golden observation `tests/golden/observation-{name}.txt` of a crate: its first
/// line is a [`Record`] (the game up to the observed position), its second `seat S` (the
/// seat's name), then the [`observation_text`] there. With `BLESS` set, the file is first
/// written from `record` and `seat` (check it by eye against the encoding's docs).
pub fn check_observation_file<G: Encoding>(
    manifest_dir: &str,
    name: &str,
    record: &str,
    seat: &str,
) {
    extern crate std;
    let path = std::format!("{manifest_dir}/tests/golden/observation-{name}.txt");
    let render = |record: &str, seat: &str| -> String {
        let rec: Record<G> = record
            .parse()
            .unwrap_or_else(|e| panic!("{path}: record `{record}`: {e}"));
        let s = Seat::from_name(seat, G::SEAT_NAMES)
            .unwrap_or_else(|| panic!("{path}: no seat `{seat}`"));
        std::format!("{rec}\nseat {seat}\n{}", observation_text(rec.state(), s))
    };
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, render(record, seat)).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = golden.lines();
    let rec = lines.next().unwrap_or_default();
    let seat = lines
        .next()
        .and_then(|l| l.strip_prefix("seat "))
        .unwrap_or_else(|| panic!("{path}: line 2 must be `seat S`"));
    let got = render(rec, seat);
    for (i, (g, w)) in got.lines().zip(golden.lines()).enumerate() {
        assert_eq!(g, w, "{path} line {}", i + 1);
    }
    assert_eq!(
        got.lines().count(),
        golden.lines().count(),
        "{path}: number of lines"
    );
}

/// The golden playthrough tests of a game crate (`tests/playthrough.rs`): one `#[test]` function
/// per name, checking each of its `(name, parameters, seed)` games with [`check_playthrough_file`]
/// in the calling crate, played to the end (`u64::MAX` actions at most: a `turn_limit` in the
/// parameters bounds them where needed).
///
/// ```ignore
/// boardgame_kit::playthrough_tests!(State, {
///     playthrough_two_players: [("2p", "", 2026)],
///     playthrough_three_players: [("3p", "players=3", 2027)],
/// });
/// ```
#[macro_export]
macro_rules! playthrough_tests {
    ($game:ty, { $($test:ident: [$(($name:expr, $params:expr, $seed:expr)),+ $(,)?]),+ $(,)? }) => {
        $(
            #[test]
            fn $test() {
                $(
                    $crate::golden::check_playthrough_file::<$game>(
                        env!("CARGO_MANIFEST_DIR"),
                        $name,
                        $params,
                        $seed,
                        u64::MAX,
                    );
                )+
            }
        )+
    };
}
