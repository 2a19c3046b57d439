//! The schema's migrations: those of `migrations/` on both databases (written in the SQL that
//! both read), then, on SQLite, those of `sqlite-migrations/` (what only SQLite says, such as a
//! table without row ids). Their versions are in one sequence and recorded in one table, so a
//! SQLite database is at the end of both lists, a PostgreSQL database at the end of the first.

use crate::db::Backend;
use sqlx::migrate::{Migration, MigrationSource, Migrator};
use sqlx::AnyPool;

/// The migrations both databases run.
static SHARED: Migrator = sqlx::migrate!("./migrations");

/// The migrations only SQLite runs.
static SQLITE_ONLY: Migrator = sqlx::migrate!("./sqlite-migrations");

/// The migrations of one backend, in the order of their versions.
#[derive(Debug)]
struct Migrations(Backend);

impl MigrationSource<'static> for Migrations {
    fn resolve(
        self,
    ) -> futures_util::future::BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>>
    {
        let mut all: Vec<Migration> = SHARED.iter().cloned().collect();
        if self.0 == Backend::Sqlite {
            all.extend(SQLITE_ONLY.iter().cloned());
        }
        all.sort_by_key(|m| m.version);
        Box::pin(std::future::ready(Ok(all)))
    }
}

/// Brings the database of `pool` (a `backend` one) to the newest schema.
pub(crate) async fn run(pool: &AnyPool, backend: Backend) -> Result<(), sqlx::Error> {
    Migrator::new(Migrations(backend))
        .await
        .map_err(|e| sqlx::Error::Migrate(Box::new(e)))?
        .run(pool)
        .await
        .map_err(|e| sqlx::Error::Migrate(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::{Migrations, SHARED, SQLITE_ONLY};
    use crate::db::Backend;
    use crate::store::Store;
    use sqlx::any::AnyPoolOptions;
    use sqlx::migrate::MigrationSource;

    async fn versions(backend: Backend) -> Vec<i64> {
        let all = Migrations(backend).resolve().await.unwrap();
        all.iter().map(|m| m.version).collect()
    }

    #[tokio::test]
    async fn postgres_runs_the_shared_migrations_and_sqlite_its_own_after_them() {
        let shared: Vec<i64> = SHARED.iter().map(|m| m.version).collect();
        assert_eq!(versions(Backend::Postgres).await, shared);
        let sqlite = versions(Backend::Sqlite).await;
        let sqlite_only: Vec<i64> = SQLITE_ONLY.iter().map(|m| m.version).collect();
        assert_eq!(sqlite.len(), shared.len() + sqlite_only.len());
        assert!(sqlite.windows(2).all(|w| w[0] < w[1]));
        assert!(shared.iter().all(|v| *v < sqlite_only[0]));
    }

    #[tokio::test]
    async fn a_sqlite_database_of_the_first_schema_keeps_its_actions_in_one_keyed_table() {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let url = crate::test_db::sqlite(dir.path());
        // A database as the first release of the server left it, with a game under way.
        let old = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&format!("{url}?mode=rwc"))
            .await
            .unwrap();
        SHARED.run(&old).await.unwrap();
        sqlx::query(
            "INSERT INTO rooms (id, game, params, ply, finished, move_seconds, rematch, \
             created_ms, updated_ms) VALUES ('r1', 'slimetrail', '', 3, 0, NULL, NULL, 1, 1)",
        )
        .execute(&old)
        .await
        .unwrap();
        for (ply, action) in ["c3", "b2", "a1"].iter().enumerate() {
            sqlx::query("INSERT INTO actions (room, ply, action) VALUES ('r1', $1, $2)")
                .bind(i64::try_from(ply).unwrap())
                .bind(*action)
                .execute(&old)
                .await
                .unwrap();
        }
        old.close().await;

        let store = Store::open(&url, 2).await.unwrap();
        let stored = store.load("r1", 0).await.unwrap().unwrap();
        assert_eq!(stored.actions, ["c3", "b2", "a1"]);
        drop(store);

        let pool = AnyPoolOptions::new().connect(&url).await.unwrap();
        let schema: String =
            sqlx::query_scalar("SELECT sql FROM sqlite_master WHERE name = 'actions'")
                .fetch_one(&pool)
                .await
                .unwrap();
        assert!(schema.ends_with("WITHOUT ROWID"), "{schema}");
        let indexes: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'actions'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(indexes, 0);
        // It opens again, migrated.
        drop(Store::open(&url, 2).await.unwrap());
    }
}
