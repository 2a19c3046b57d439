//! The same suite on PostgreSQL (when `BOARDGAMES_TEST_POSTGRES` or `DATABASE_URL` names a
//! database; otherwise each test says it was skipped), and two instances on one database.

mod common;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_every_game_and_player_count() {
    if let Some(db) = postgres() {
        suite::whole_games(&db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_leaves_the_room_unchanged() {
    if let Some(db) = postgres() {
        suite::refusals(&db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_loses_nothing() {
    if let Some(db) = postgres() {
        suite::restart(&db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_names_leaving_rematch_presence_clock() {
    if let Some(db) = postgres() {
        suite::additions(&db).await;
    }
}

/// Two instances on one database: an action accepted by one reaches the other's WebSocket
/// clients; a seat taken through one is known to the other; two actions sent at once
/// through the two: one accepted, one stale.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_the_rooms() {
    let Some(db) = postgres() else { return };
    let (a, b) = (start(config(&db)).await, start(config(&db)).await);
    let http = Http::default();
    let room = http.room(&a, "splut", "", &["human", "human"]).await;
    let id = room_id(&room);
    // B serves the room A created, and its spectator sees A's changes.
    let mut watcher = connect(&b.ws_url(&format!("/api/rooms/{id}/live"))).await;
    assert_eq!(next(&mut watcher, 10).await["ply"], 0);
    let t0 = http.seat(&a, &id, 0, "Ann").await;
    let t1 = http.seat(&b, &id, 1, "Bob").await;
    // Seat 1 was taken through B: A knows it (409), and the token acts through A.
    let (status, _) = http
        .post(
            &a.url(&format!("/api/rooms/{id}/seats/1")),
            &json!({}),
            None,
        )
        .await;
    assert_eq!(status, 409);
    let mut last = room.clone();
    for k in 0..6u32 {
        let (server, other) = if k.is_multiple_of(2) {
            (&a, &b)
        } else {
            (&b, &a)
        };
        let token = if last["to_act"] == 0 { &t0 } else { &t1 };
        let body = json!({"action": last["legal"][0], "ply": last["ply"]});
        let (status, after) = http.act(server, &id, body, Some(token)).await;
        assert_eq!(status, 200, "{after}");
        // The other instance's client is sent the new room.
        let seen = loop {
            let r = next(&mut watcher, 10).await;
            if r["ply"] == after["ply"] {
                break r;
            }
        };
        assert_eq!(seen["actions"], after["actions"]);
        let (_, there) = http.get(&other.url(&format!("/api/rooms/{id}"))).await;
        assert_eq!(there["actions"], after["actions"]);
        last = after;
    }
    // Two actions at once through the two instances: one is accepted, the other is stale.
    let token = if last["to_act"] == 0 { &t0 } else { &t1 };
    let legal = last["legal"].as_array().unwrap();
    let one = json!({"action": legal[0], "ply": last["ply"]});
    let two = json!({"action": legal[legal.len() - 1], "ply": last["ply"]});
    let (ua, ub) = (
        a.url(&format!("/api/rooms/{id}/actions")),
        b.url(&format!("/api/rooms/{id}/actions")),
    );
    let (ra, rb) = tokio::join!(
        http.post(&ua, &one, Some(token)),
        http.post(&ub, &two, Some(token))
    );
    let mut statuses = [ra.0, rb.0];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} {}", ra.1, rb.1);
    let winner = if ra.0 == 200 { &ra.1 } else { &rb.1 };
    for s in [&a, &b] {
        let (_, now) = http.get(&s.url(&format!("/api/rooms/{id}"))).await;
        assert_eq!(now["actions"], winner["actions"]);
    }
    a.stop().await;
    b.stop().await;
}
