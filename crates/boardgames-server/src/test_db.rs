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

/// Runs the async test body `$body` (a function of the database's URL) as two tests:
/// `$sqlite` on a SQLite file of its own, `$postgres` on the PostgreSQL database if the
/// environment names one.
macro_rules! on_sqlite_and_postgres {
    ($body:ident: $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            let dir = tempfile::tempdir().unwrap();
            $body(&$crate::test_db::sqlite(dir.path())).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            if let Some(db) = $crate::test_db::postgres().await {
                $body(&db.url).await;
            }
        }
    };
}
pub(crate) use on_sqlite_and_postgres;
