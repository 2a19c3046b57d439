//! The databases the crate's unit tests run on (the integration tests have their own in
//! `tests/common`, which cannot see the crate's private items).

use std::path::Path;
use tokio::sync::{Mutex, MutexGuard};

/// A SQLite database in `dir`.
pub(crate) fn sqlite(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("t.db").display())
}

/// The PostgreSQL database to test against, if the environment names one (CI starts one and
/// names it in `BOARDGAMES_TEST_POSTGRES`); `None`, said on stderr, skips the test. The tests
/// share it, and one counts its rows: it is held by one test at a time.
pub(crate) async fn postgres() -> Option<Postgres> {
    static ALONE: Mutex<()> = Mutex::const_new(());
    let url = std::env::var("BOARDGAMES_TEST_POSTGRES")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .ok();
    let Some(url) = url else {
        eprintln!("neither BOARDGAMES_TEST_POSTGRES nor DATABASE_URL is set: skipped");
        return None;
    };
    Some(Postgres {
        url,
        _alone: ALONE.lock().await,
    })
}

/// The PostgreSQL database, this test's alone while held.
pub(crate) struct Postgres {
    pub(crate) url: String,
    _alone: MutexGuard<'static, ()>,
}
