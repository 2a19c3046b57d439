//! The suite run against each database: whole games, every refusal, a restart.

use super::*;
use futures_util::FutureExt;
use serde_json::json;

/// Every game at every player count, played to the end through HTTP and WebSocket: seat 0 a
/// person (scripted: a WebSocket client that plays the first legal action, or the POST route
/// for every other move), the other seats random agents; and a room of agents only. Each
/// finished room agrees with the engine.
pub async fn whole_games(db: &str) {
    let s = start(config(db)).await;
    let http = Http::default();
    let mut games = Vec::new();
    for entry in boardgames::GAMES {
        for n in entry.min_players()..=entry.max_players() {
            // The player counts the game has (Arandia: 2, 3, 4 or 6).
            let counts = entry.params().iter().any(|p| p.key() == "players");
            if counts && entry.new_game(&format!("players={n}")).is_err() {
                continue;
            }
            // Arandia's random games may go on for ever without a turn limit.
            let params = if entry.name() == "arandia" {
                "turn_limit=30"
            } else {
                ""
            };
            let mut seats = vec!["human"];
            seats.extend(std::iter::repeat_n("random", n - 1));
            games.push(play_scripted(&s, &http, entry.name(), params, seats).boxed());
            let agents = vec!["random"; n];
            games.push(play_agents(&s, &http, entry.name(), params, agents).boxed());
        }
    }
    let rooms: Vec<Value> = futures_util::future::join_all(games).await;
    for room in &rooms {
        assert_eq!(room["over"], true, "{room}");
        assert_eq!(room["to_act"], Value::Null);
        assert!(room["status"].as_str().unwrap().starts_with("over: "));
        check_against_engine(room);
        // What the server answers now is what it sent last.
        let (status, now) = http
            .get(&s.url(&format!("/api/rooms/{}", room["id"].as_str().unwrap())))
            .await;
        assert_eq!(status, 200);
        assert_eq!(stored_part(&now), stored_part(room));
    }
    s.stop().await;
}

async fn play_scripted(
    s: &Running,
    http: &Http,
    game: &str,
    params: &str,
    seats: Vec<&str>,
) -> Value {
    let n = seats.len();
    let room = http.room(s, game, params, &seats).await;
    assert_eq!(room["seats"].as_array().unwrap().len(), n, "{room}");
    let id = room_id(&room);
    let token = http.seat(s, &id, 0, "Ann").await;
    let mut ws = connect(&s.ws_url(&format!("/api/rooms/{id}/live?token={token}"))).await;
    let mut by_post = false;
    loop {
        let room = next(&mut ws, 120).await;
        if room["over"] == true {
            return room;
        }
        if room["to_act"] == 0 {
            let action = room["legal"][0].as_str().unwrap().to_string();
            let ply = room["ply"].as_u64().unwrap();
            by_post = !by_post;
            if by_post {
                let (status, after) = http
                    .act(s, &id, json!({"action": action, "ply": ply}), Some(&token))
                    .await;
                assert_eq!(status, 200, "{after}");
                assert!(after["ply"].as_u64().unwrap() > ply);
                assert_eq!(after["actions"][ply as usize], action);
            } else {
                send(&mut ws, &json!({"action": action, "ply": ply})).await;
            }
        }
    }
}

async fn play_agents(
    s: &Running,
    http: &Http,
    game: &str,
    params: &str,
    seats: Vec<&str>,
) -> Value {
    let room = http.room(s, game, params, &seats).await;
    let id = room_id(&room);
    let mut ws = connect(&s.ws_url(&format!("/api/rooms/{id}/live"))).await;
    loop {
        let room = next(&mut ws, 120).await;
        if room["over"] == true {
            return room;
        }
    }
}

/// Every refusal of the contract, each answered with its status and a JSON error, each
/// leaving the room as it was.
pub async fn refusals(db: &str) {
    let mut cfg = config(db);
    cfg.max_body_bytes = 4096;
    cfg.max_frame_bytes = 4096;
    let s = start(cfg).await;
    let http = Http::default();
    let room = http
        .room(&s, "splut", "players=3", &["human", "human", "human"])
        .await;
    let id = room_id(&room);
    let t0 = http.seat(&s, &id, 0, "Ann").await;
    let t1 = http.seat(&s, &id, 1, "Bob").await;
    let actions = s.url(&format!("/api/rooms/{id}/actions"));
    let first = room["legal"][0].as_str().unwrap().to_string();
    // One accepted action, so that the room is not at its start.
    let (status, room) = http
        .post(&actions, &json!({"action": first, "ply": 0}), Some(&t0))
        .await;
    assert_eq!(status, 200, "{room}");
    let before = stored_part(&http.get(&s.url(&format!("/api/rooms/{id}"))).await.1);
    let legal = before["legal"][0].as_str().unwrap().to_string();
    let ply = before["ply"].as_u64().unwrap();
    let to_act = before["to_act"].as_u64().unwrap() as usize;
    let mover = if to_act == 0 { &t0 } else { &t1 };
    let other = if to_act == 0 { &t1 } else { &t0 };

    // A room asked for with this body; an action posted with this body (by the seat to act, or
    // with another token); a seat asked for.
    let rooms = s.url("/api/rooms");
    let create = async |body: Value| http.post(&rooms, &body, None).await;
    let act_as = async |token: Option<&str>, body: Value| http.post(&actions, &body, token).await;
    let act = async |body: Value| act_as(Some(mover), body).await;
    let sit = async |seat: &str, body: Value| {
        http.post(
            &s.url(&format!("/api/rooms/{id}/seats/{seat}")),
            &body,
            None,
        )
        .await
    };
    let mut cases: Vec<(u16, (u16, Value))> = vec![
        (
            400,
            http.post_raw(&actions, "{not json".into(), Some(mover))
                .await,
        ),
        (400, act(json!({"action": legal})).await),
        (400, act(json!({"action": legal, "ply": -1})).await),
        (400, act(json!({"action": 7, "ply": ply})).await),
        (
            401,
            act_as(None, json!({"action": legal, "ply": ply})).await,
        ),
        (
            401,
            act_as(Some("not-a-token"), json!({"action": legal, "ply": ply})).await,
        ),
        (
            403,
            act_as(Some(other), json!({"action": legal, "ply": ply})).await,
        ),
        (
            404,
            http.post(
                &s.url("/api/rooms/nosuchroom/actions"),
                &json!({"action": legal, "ply": ply}),
                Some(mover),
            )
            .await,
        ),
        (404, http.get(&s.url("/api/rooms/nosuchroom")).await),
        (404, sit("9", json!({})).await),
        (404, sit("x", json!({})).await),
        (409, sit("0", json!({"name": "Eve"})).await),
        (409, act(json!({"action": legal, "ply": ply - 1})).await),
        (409, act(json!({"action": legal, "ply": ply + 1})).await),
        (
            413,
            http.post_raw(
                &actions,
                format!("{{\"action\": \"{}\", \"ply\": {ply}}}", "x".repeat(8000)),
                Some(mover),
            )
            .await,
        ),
        (422, act(json!({"action": "z9-z10", "ply": ply})).await),
        (422, act(json!({"action": "#999999", "ply": ply})).await),
    ];
    // Rooms that cannot be made.
    for (want, body) in [
        (422, json!({"game": "chess", "seats": ["human", "human"]})),
        (
            422,
            json!({"game": "splut", "params": "players=9", "seats": ["human", "human"]}),
        ),
        (
            422,
            json!({"game": "splut", "params": "bogus=1", "seats": ["human", "human"]}),
        ),
        (
            422,
            json!({"game": "splut", "seats": ["human", "mcts:bogus=1"]}),
        ),
        (422, json!({"game": "splut", "seats": ["human", "nobody"]})),
        (
            422,
            json!({"game": "slimetrail", "seats": ["human", "human", "human"]}),
        ),
        (400, json!({"game": "splut", "seats": "human"})),
        (400, json!({"seats": ["human", "human"]})),
    ] {
        cases.push((want, create(body).await));
    }
    for (i, (want, (got, body))) in cases.iter().enumerate() {
        assert_eq!(got, want, "case {i}: {body}");
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "case {i}: {body}"
        );
    }
    // The WebSocket: a spectator may not act; a bad message is refused; a seat's wrong turn.
    let mut spectator = connect(&s.ws_url(&format!("/api/rooms/{id}/live"))).await;
    assert_eq!(stored_part(&next(&mut spectator, 10).await), before);
    send(&mut spectator, &json!({"action": legal, "ply": ply})).await;
    assert_eq!(next(&mut spectator, 10).await["status"], 401);
    send(&mut spectator, &json!({"nothing": 1})).await;
    assert_eq!(next(&mut spectator, 10).await["status"], 400);
    let mut wrong = connect(&s.ws_url(&format!("/api/rooms/{id}/live?token={other}"))).await;
    let _ = next(&mut wrong, 10).await;
    send(&mut wrong, &json!({"action": legal, "ply": ply})).await;
    let e = next(&mut wrong, 10).await;
    assert_eq!(e["status"], 403, "{e}");
    send(&mut wrong, &json!({"action": legal, "ply": ply + 5})).await;
    assert_eq!(next(&mut wrong, 10).await["status"], 409);
    // A frame above the limit closes that connection, and only it.
    let _ = spectator
        .send(Message::Text("x".repeat(10_000).into()))
        .await;
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match spectator.next().await {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true));
    // An unknown token is refused before the upgrade.
    let refused =
        tokio_tungstenite::connect_async(s.ws_url(&format!("/api/rooms/{id}/live?token=nope")))
            .await;
    assert!(refused.is_err());
    let after = stored_part(&http.get(&s.url(&format!("/api/rooms/{id}"))).await.1);
    assert_eq!(after, before, "a refusal changed the room");
    // And the room still plays.
    let (status, _) = http
        .post(&actions, &json!({"action": legal, "ply": ply}), Some(mover))
        .await;
    assert_eq!(status, 200);
    s.stop().await;
}

/// 429 past a client's rate, as JSON; the room unchanged.
pub async fn too_many(db: &str) {
    let mut cfg = config(db);
    cfg.requests_per_second = 1;
    cfg.burst = 5;
    let s = start(cfg).await;
    let http = Http::default();
    let mut statuses = Vec::new();
    for _ in 0..20 {
        let (status, body) = http.get(&s.url("/api/health")).await;
        if status == 429 {
            assert!(body["error"].is_string());
        }
        statuses.push(status);
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    assert_eq!(statuses[0], 200);
    s.stop().await;
}

/// Past the cap on open rooms, a new room (or a rematch) is refused with 503 and a JSON
/// error, and nothing is stored; rooms asked for at once cannot pass the cap together. Run on
/// a database of its own (the cap counts every open room in it).
pub async fn cap_on_open_rooms(db: &str) {
    let mut cfg = config(db);
    cfg.max_open_rooms = 3;
    let s = start(cfg).await;
    let http = Http::default();
    let body = json!({"game": "slimetrail", "params": "size=5", "seats": ["human", "human"]});
    let url = s.url("/api/rooms");
    let asks = (0..8).map(|_| http.post(&url, &body, None));
    let answers = futures_util::future::join_all(asks).await;
    let made = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(made, 3, "{answers:?}");
    for (status, answer) in &answers {
        if *status != 201 {
            assert_eq!(*status, 503, "{answer}");
            assert!(
                answer["error"]
                    .as_str()
                    .unwrap()
                    .contains("most open rooms"),
                "{answer}"
            );
        }
    }
    let (status, listed) = http.get(&s.url("/api/rooms")).await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(
        listed["rooms"].as_array().map(Vec::len),
        Some(3),
        "{listed}"
    );
    s.stop().await;
}

/// A server stopped and started again on the same database has every room as it was, and
/// its tokens still act.
pub async fn restart(db: &str) {
    let s = start(config(db)).await;
    let http = Http::default();
    let room = http.room(&s, "arandia", "", &["human", "human"]).await;
    let id = room_id(&room);
    let t0 = http.seat(&s, &id, 0, "Ann").await;
    let t1 = http.seat(&s, &id, 1, "Bob").await;
    let mut last = room;
    for _ in 0..6 {
        if last["over"] == true {
            break;
        }
        let token = if last["to_act"] == 0 { &t0 } else { &t1 };
        let (status, after) = http
            .act(
                &s,
                &id,
                json!({"action": last["legal"][0], "ply": last["ply"]}),
                Some(token),
            )
            .await;
        assert_eq!(status, 200, "{after}");
        last = after;
    }
    s.stop().await;
    let s = start(config(db)).await;
    let (status, again) = http.get(&s.url(&format!("/api/rooms/{id}"))).await;
    assert_eq!(status, 200);
    assert_eq!(stored_part(&again), stored_part(&last));
    check_against_engine(&again);
    let token = if again["to_act"] == 0 { &t0 } else { &t1 };
    let (status, _) = http
        .act(
            &s,
            &id,
            json!({"action": again["legal"][0], "ply": again["ply"]}),
            Some(token),
        )
        .await;
    assert_eq!(status, 200);
    s.stop().await;
}

/// The additions: the lobby, names, leaving a seat, a rematch, presence, a clock.
pub async fn additions(db: &str) {
    let s = start(config(db)).await;
    let http = Http::default();
    let room = http.room(&s, "repello", "", &["human", "human"]).await;
    let id = room_id(&room);
    let (status, list) = http.get(&s.url("/api/rooms?game=repello")).await;
    assert_eq!(status, 200);
    assert!(
        list["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == id.as_str()),
        "{list}"
    );
    let token = http.seat(&s, &id, 0, "Ann").await;
    let mut ws = connect(&s.ws_url(&format!("/api/rooms/{id}/live?token={token}"))).await;
    let seen = next(&mut ws, 10).await;
    assert_eq!(seen["seats"][0]["connected"], true);
    assert_eq!(seen["seats"][0]["name"], "Ann");
    assert_eq!(seen["seats"][1]["connected"], false);
    // Leaving frees the seat; the token no longer acts.
    let (status, left) = http
        .delete(&s.url(&format!("/api/rooms/{id}/seats/0")), Some(&token))
        .await;
    assert_eq!(status, 200, "{left}");
    assert_eq!(left["seats"][0]["taken"], false);
    let (status, _) = http
        .act(
            &s,
            &id,
            json!({"action": room["legal"][0], "ply": 0}),
            Some(&token),
        )
        .await;
    assert_eq!(status, 401);
    let again = http.seat(&s, &id, 0, "Cy").await;
    assert_ne!(again, token);
    // A rematch: a new room with the same game, params and seats; asked twice, one room.
    let (status, new) = http.rematch(&s, &id).await;
    assert_eq!(status, 201, "{new}");
    assert_eq!(new["game"], "repello");
    assert_eq!(new["ply"], 0);
    let (status, same) = http.rematch(&s, &id).await;
    assert_eq!(status, 200);
    assert_eq!(same["id"], new["id"]);
    assert_eq!(
        http.get(&s.url(&format!("/api/rooms/{id}"))).await.1["rematch"],
        new["id"]
    );
    // A clock: a person out of time gets a move played for them.
    let (status, clocked) = http
        .post(
            &s.url("/api/rooms"),
            &json!({"game": "slimetrail", "seats": ["human", "human"], "move_seconds": 1}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{clocked}");
    assert!(clocked["deadline_ms"].is_i64());
    let cid = clocked["id"].as_str().unwrap();
    let mut watch = connect(&s.ws_url(&format!("/api/rooms/{cid}/live"))).await;
    loop {
        let r = next(&mut watch, 10).await;
        if r["ply"] == 1 {
            break;
        }
    }
    s.stop().await;
}
