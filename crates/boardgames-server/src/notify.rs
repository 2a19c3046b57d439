//! Several instances on one PostgreSQL database: each commit notifies the others
//! (`pg_notify` in the committing transaction), and each instance listens (sqlx's
//! `PgListener`) and catches up the rooms it has in memory.

use crate::app::App;
use crate::db::CHANNEL;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;

/// Listens for the other instances' changes until the server stops.
pub(crate) async fn listen(app: Arc<App>, url: String) {
    loop {
        match PgListener::connect(&url).await {
            Ok(mut listener) => {
                if let Err(e) = listener.listen(CHANNEL).await {
                    eprintln!("boardgames-server: LISTEN failed: {e}");
                } else {
                    // Whatever was missed while not listening.
                    app.refresh_all().await;
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(n)) => {
                                let mut parts = n.payload().splitn(2, ' ');
                                let (from, room) = (parts.next().unwrap_or_default(), parts.next());
                                if let Some(room) = room {
                                    if from != app.store.instance() {
                                        let (app, room) = (Arc::clone(&app), room.to_string());
                                        tokio::spawn(
                                            async move { app.changed_elsewhere(&room).await },
                                        );
                                    }
                                }
                            }
                            // The connection was lost; the next call reconnects.
                            Ok(None) => app.refresh_all().await,
                            Err(e) => {
                                eprintln!("boardgames-server: notifications: {e}");
                                break;
                            }
                        }
                    }
                }
            }
            Err(e) => eprintln!("boardgames-server: cannot listen for notifications: {e}"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
