//! The local service as a process under load and under `kill -9`, over real
//! HTTP: the figures docs/RELIABILITY.md quotes come from here
//! (run with `--nocapture` to see them).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use local_service::demo;
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

const TOKEN: &str = "reliability-token";

/// The service binary on a free loopback port; returns it and its base URL.
fn spawn(data_dir: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_local-service"))
        .args(["--listen", "127.0.0.1:0", "--token", TOKEN, "--data-dir"])
        .arg(data_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the local service starts");
    let stdout = child.stdout.take().expect("piped");
    let mut lines = BufReader::new(stdout).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| {
            l.split("listening on ")
                .nth(1)
                .map(|u| u.trim_end_matches('/').to_owned())
        })
        .expect("it prints its URL");
    // Keep reading so the pipe never fills.
    std::thread::spawn(move || lines.for_each(drop));
    (child, url)
}

fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "local-service-{what}-{}",
        local_service::mint::random_uuid()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ns_url(base: &str, ns: &str, rest: &str) -> String {
    format!(
        "{base}/cloud/games/{}/namespaces/{ns}/{rest}",
        demo::GAME_ID
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sustained_load_from_many_clients_gets_every_answer() {
    const CLIENTS: usize = 200;
    const REQUESTS: usize = 50;
    let dir = temp_dir("load");
    let (mut child, base) = spawn(&dir);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let base = base.clone();
        tasks.push(tokio::spawn(async move {
            let http = Client::new(); // each client its own connections
            let mut errors = Vec::new();
            for r in 0..REQUESTS {
                let ns = [demo::STAGING_ID, demo::PROD_ID][(c + r) % 2];
                let req = match (c + r) % 4 {
                    0 => http.get(format!("{base}/cloud/games/{}/builds", demo::GAME_ID)),
                    1 => http
                        .post(ns_url(&base, ns, "tokens/development"))
                        .json(&json!({"hostname": "10.0.0.1", "ports": {"game": {"protocol": "udp", "port": 7777}}})),
                    2 => http
                        .put(ns_url(&base, ns, "cdn-auth"))
                        .json(&json!({"auth_type": if r % 2 == 0 { "none" } else { "basic" }})),
                    _ => http
                        .put(ns_url(&base, ns, "domain-public-auth"))
                        .json(&json!({"enabled": r % 2 == 0})),
                };
                match req.bearer_auth(TOKEN).send().await {
                    Ok(res) if res.status() == StatusCode::OK => {
                        if res.bytes().await.is_err() {
                            errors.push("body cut off".to_owned());
                        }
                    }
                    Ok(res) => errors.push(res.status().to_string()),
                    Err(e) => errors.push(e.to_string()),
                }
            }
            errors
        }));
    }
    let mut errors = Vec::new();
    for t in tasks {
        errors.extend(t.await.unwrap());
    }
    let secs = started.elapsed().as_secs_f64();
    let total = CLIENTS * REQUESTS;
    println!(
        "load: {CLIENTS} concurrent clients, {total} requests (half of them settings saved to disk), {} errors, {secs:.1} s, {:.0} requests/s",
        errors.len(),
        total as f64 / secs
    );
    let _ = child.kill();
    let _ = child.wait();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        errors.is_empty(),
        "{} errors, first: {:?}",
        errors.len(),
        errors.first()
    );
}

/// One writer per (namespace, setting), each waiting for its answer before
/// the next change: what it last saw acknowledged, and what it had in flight.
#[derive(Default, Clone)]
struct Writes {
    acknowledged: Option<Value>,
    in_flight: Option<Value>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_during_writes_loses_nothing_acknowledged() {
    const ROUNDS: u64 = 6;
    let dir = temp_dir("kill9");
    let mut acknowledged_total = 0;
    for round in 0..ROUNDS {
        let (mut child, base) = spawn(&dir);
        let writers: Vec<(&str, &str, &str)> = [demo::STAGING_ID, demo::PROD_ID]
            .iter()
            .flat_map(|ns| {
                [
                    (*ns, "cdn-auth", "cdn_auth_type"),
                    (*ns, "domain-public-auth", "domain_auth_enabled"),
                ]
            })
            .collect();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut tasks = Vec::new();
        for (w, &(ns, route, _)) in writers.iter().enumerate() {
            let (base, stop) = (base.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let http = Client::new();
                let mut writes = Writes::default();
                let (mut n, mut acks) = (0u64, 0u64);
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    n += 1;
                    let (body, value) = if route == "cdn-auth" {
                        let v = ["none", "basic"][((n + w as u64) % 2) as usize];
                        (json!({"auth_type": v}), json!(v))
                    } else {
                        let v = (n + w as u64).is_multiple_of(2);
                        (json!({"enabled": v}), json!(v))
                    };
                    writes.in_flight = Some(value.clone());
                    let sent = http
                        .put(ns_url(&base, ns, route))
                        .bearer_auth(TOKEN)
                        .json(&body)
                        .send()
                        .await;
                    match sent {
                        Ok(res) if res.status() == StatusCode::OK => {
                            writes.acknowledged = Some(value);
                            writes.in_flight = None;
                            acks += 1;
                        }
                        // The process is gone: this write may or may not have landed.
                        _ => break,
                    }
                }
                (writes, acks)
            }));
        }
        // Kill at a different point of the storm each round.
        tokio::time::sleep(Duration::from_millis(150 + 70 * round)).await;
        child.kill().expect("SIGKILL");
        child.wait().unwrap();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut outcomes = Vec::new();
        for t in tasks {
            outcomes.push(t.await.unwrap());
        }

        // The state file is whole, and restarting reads it.
        let saved: Value = serde_json::from_slice(&std::fs::read(dir.join("state.json")).unwrap())
            .expect("state.json is valid JSON after kill -9");
        assert!(saved["namespaces"].is_object());
        let (mut child, base) = spawn(&dir);
        let state: Value = reqwest::Client::new()
            .get(format!("{base}/_local/state"))
            .bearer_auth(TOKEN)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        for ((ns, _, field), (writes, acks)) in writers.iter().zip(&outcomes) {
            let now = &state["namespaces"][ns][field];
            acknowledged_total += acks;
            if let Some(acked) = &writes.acknowledged {
                let ok = now == acked || writes.in_flight.as_ref() == Some(now);
                assert!(ok, "round {round}, {ns} {field}: {now} after acknowledging {acked} (in flight: {:?})", writes.in_flight);
            }
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    println!("kill -9: {ROUNDS} kills during write storms, {acknowledged_total} writes acknowledged, none lost, state file valid each time");
    std::fs::remove_dir_all(&dir).unwrap();
}
