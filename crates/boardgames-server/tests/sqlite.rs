//! The server in-process on a free port with a temporary SQLite file.

mod common;
use common::suite;

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_every_game_and_player_count() {
    let d = dir();
    suite::whole_games(&common::sqlite(d.path())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_leaves_the_room_unchanged() {
    let d = dir();
    suite::refusals(&common::sqlite(d.path())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_requests() {
    let d = dir();
    suite::too_many(&common::sqlite(d.path())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_loses_nothing() {
    let d = dir();
    suite::restart(&common::sqlite(d.path())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_names_leaving_rematch_presence_clock() {
    let d = dir();
    suite::additions(&common::sqlite(d.path())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cap_on_open_rooms_holds_under_requests_at_once() {
    let d = dir();
    suite::cap_on_open_rooms(&common::sqlite(d.path())).await;
}
