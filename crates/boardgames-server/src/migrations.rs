//! The schema's migrations: those of `migrations/` on both databases (written in the SQL that
//! both read), then those of the database's own folder, `sqlite-migrations/` or
//! `postgres-migrations/` (what only one of them says: a table without row ids, a column
//! numbered by an identity, ...). Their versions are in one sequence and recorded in one table:
//! a database is at the end of the shared list and of its own.

use crate::db::Backend;
use sqlx::migrate::{Migration, MigrationSource, Migrator};
use sqlx::AnyPool;

/// The migrations both databases run.
static SHARED: Migrator = sqlx::migrate!("./migrations");

/// The migrations only SQLite runs.
static SQLITE_ONLY: Migrator = sqlx::migrate!("./sqlite-migrations");

/// The migrations only PostgreSQL runs.
static POSTGRES_ONLY: Migrator = sqlx::migrate!("./postgres-migrations");

/// The migrations of one backend, in the order of their versions.
#[derive(Debug)]
struct Migrations(Backend);

impl Migrations {
    /// The migrations only this backend runs.
    fn own(&self) -> &'static Migrator {
        match self.0 {
            Backend::Sqlite => &SQLITE_ONLY,
            Backend::Postgres => &POSTGRES_ONLY,
        }
    }
}

impl MigrationSource<'static> for Migrations {
    fn resolve(
        self,
    ) -> futures_util::future::BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>>
    {
        let mut all: Vec<Migration> = SHARED.iter().chain(self.own().iter()).cloned().collect();
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
    use super::{Migrations, SHARED};
    use crate::db::Backend;
    use crate::store::{RoomRow, Store};
    use sqlx::any::AnyPoolOptions;
    use sqlx::migrate::MigrationSource;
    use sqlx::AnyPool;

    #[tokio::test]
    async fn each_database_runs_the_shared_migrations_then_its_own() {
        let shared: Vec<i64> = SHARED.iter().map(|m| m.version).collect();
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let all: Vec<i64> = Migrations(backend)
                .resolve()
                .await
                .unwrap()
                .iter()
                .map(|m| m.version)
                .collect();
            let own: Vec<i64> = Migrations(backend)
                .own()
                .iter()
                .map(|m| m.version)
                .collect();
            assert!(!own.is_empty(), "{backend:?}");
            assert_eq!(all.len(), shared.len() + own.len(), "{backend:?}");
            assert!(all.windows(2).all(|w| w[0] < w[1]), "{backend:?}: {all:?}");
            assert_eq!(all[..shared.len()], shared, "{backend:?}");
        }
    }

    /// The rooms `r1` (three actions) and `r2` (one), written as the first schema stores them.
    async fn rooms_of_the_first_schema(old: &AnyPool) {
        SHARED.run(old).await.unwrap();
        for (room, actions) in [("r1", &["c3", "b2", "a1"][..]), ("r2", &["d4"][..])] {
            sqlx::query(
                "INSERT INTO rooms (id, game, params, ply, finished, move_seconds, rematch, \
                 created_ms, updated_ms) VALUES ($1, 'slimetrail', '', $2, 0, NULL, NULL, 1, 1)",
            )
            .bind(room)
            .bind(i64::try_from(actions.len()).unwrap())
            .execute(old)
            .await
            .unwrap();
            for (ply, action) in actions.iter().enumerate() {
                sqlx::query("INSERT INTO actions (room, ply, action) VALUES ($1, $2, $3)")
                    .bind(room)
                    .bind(i64::try_from(ply).unwrap())
                    .bind(*action)
                    .execute(old)
                    .await
                    .unwrap();
            }
        }
    }

    /// After the migrations, the rooms of the first schema keep their actions, and a room
    /// created then is numbered after them and stores and loads its own.
    async fn the_rooms_keep_their_actions_and_a_new_one_is_numbered_after_them(url: &str) {
        let store = Store::open(url, 2).await.unwrap();
        assert_eq!(
            store.load("r1", 0).await.unwrap().unwrap().actions,
            ["c3", "b2", "a1"]
        );
        assert_eq!(store.load("r2", 0).await.unwrap().unwrap().actions, ["d4"]);
        assert_eq!(store.load("r1", 2).await.unwrap().unwrap().actions, ["a1"]);
        let seats = ["human".to_string(), "human".to_string()];
        store
            .create(&RoomRow::slimetrail("r3"), &seats, None, 100)
            .await
            .unwrap();
        store
            .append("r3", 0, &["e5".into(), "f6".into()], false)
            .await
            .unwrap();
        assert_eq!(
            store.load("r3", 0).await.unwrap().unwrap().actions,
            ["e5", "f6"]
        );
        assert_eq!(store.load("r2", 0).await.unwrap().unwrap().actions, ["d4"]);
        let seq = |id: &'static str| {
            sqlx::query_scalar::<_, i64>("SELECT seq FROM rooms WHERE id = $1").bind(id)
        };
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect(url)
            .await
            .unwrap();
        let (r1, r2, r3) = (
            seq("r1").fetch_one(&pool).await.unwrap(),
            seq("r2").fetch_one(&pool).await.unwrap(),
            seq("r3").fetch_one(&pool).await.unwrap(),
        );
        assert!(r1 != r2 && r3 > r1.max(r2), "{r1} {r2} {r3}");
        pool.close().await;
        store.close().await;
        // It opens again, migrated.
        Store::open(url, 2).await.unwrap().close().await;
    }

    #[tokio::test]
    async fn a_sqlite_database_of_the_first_schema_keeps_its_actions_in_one_numbered_table() {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let url = crate::test_db::sqlite(dir.path());
        let old = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&format!("{url}?mode=rwc"))
            .await
            .unwrap();
        rooms_of_the_first_schema(&old).await;
        old.close().await;

        the_rooms_keep_their_actions_and_a_new_one_is_numbered_after_them(&url).await;

        let pool = AnyPoolOptions::new().connect(&url).await.unwrap();
        let schema: String =
            sqlx::query_scalar("SELECT sql FROM sqlite_master WHERE name = 'actions'")
                .fetch_one(&pool)
                .await
                .unwrap();
        assert!(schema.ends_with("WITHOUT ROWID"), "{schema}");
        assert!(schema.contains("PRIMARY KEY (room_seq, ply)"), "{schema}");
        let indexes: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'actions'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(indexes, 0);
    }

    #[tokio::test]
    async fn a_postgres_database_of_the_first_schema_keeps_its_actions_in_one_numbered_table() {
        sqlx::any::install_default_drivers();
        let Some(db) = crate::test_db::postgres().await else {
            return;
        };
        // A schema of its own, where the first migration alone has run.
        let schema = format!("migration_test_{}", crate::secret::room_id());
        let admin = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&db.url)
            .await
            .unwrap();
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&admin)
            .await
            .unwrap();
        let separator = if db.url.contains('?') { '&' } else { '?' };
        let url = format!("{}{separator}options[search_path]={schema}", db.url);
        let old = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        rooms_of_the_first_schema(&old).await;
        old.close().await;

        the_rooms_keep_their_actions_and_a_new_one_is_numbered_after_them(&url).await;

        let key: String = sqlx::query_scalar(
            "SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c \
             JOIN pg_namespace n ON n.oid = c.connamespace \
             WHERE n.nspname = $1 AND c.conname = 'actions_pkey'",
        )
        .bind(&schema)
        .fetch_one(&admin)
        .await
        .unwrap();
        assert_eq!(key, "PRIMARY KEY (room_seq, ply)");
        sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
            .execute(&admin)
            .await
            .unwrap();
    }
}
