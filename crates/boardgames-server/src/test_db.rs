//! The databases the crate's unit tests run on (the integration tests have their own in
//! `tests/common`, which cannot see the crate's private items).

use std::path::Path;

/// A SQLite database in `dir`.
pub(crate) fn sqlite(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("t.db").display())
}

/// The PostgreSQL database to test against, if the environment names one (CI starts one and
/// names it in `BOARDGAMES_TEST_POSTGRES`); `None`, said on stderr, skips the test.
pub(crate) fn postgres() -> Option<String> {
    let url = std::env::var("BOARDGAMES_TEST_POSTGRES")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .ok();
    if url.is_none() {
        eprintln!("neither BOARDGAMES_TEST_POSTGRES nor DATABASE_URL is set: skipped");
    }
    url
}
