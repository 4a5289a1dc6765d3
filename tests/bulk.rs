//! A change applied to several namespaces: which are chosen, the queue, 429
//! waits, cancel, and a retry of what did not succeed only.

use gamecloud::api::{Answer, ApiError, ListBuilds, Operation};
use gamecloud::bulk::{Next, Picks, Plan, Step, Ticket, CONCURRENCY};
use gamecloud::ids::NamespaceId;
use gamecloud::protect::Marks;

fn error(status: u16, code: &str, retry_after: Option<&str>) -> ApiError {
    let body = format!(r#"{{"code":"{code}","message":"m","ray_id":"ray-{status}"}}"#);
    let headers = retry_after
        .map(|r| vec![("retry-after".to_owned(), r.to_owned())])
        .unwrap_or_default();
    ListBuilds::read(&Answer {
        status,
        headers,
        body: body.into_bytes(),
        received_at_ms: 0,
    })
    .unwrap_err()
}

fn plan(n: usize) -> Plan {
    Plan::new((0..n).map(|i| (ns(&format!("ns-{i}")), format!("label {i}"))))
}

/// The namespace id `text` names.
fn ns(text: &str) -> NamespaceId {
    NamespaceId::new(text)
}

/// A namespace's UUID, by its last letter: `uuid('a')`, spelled in lower case.
fn uuid(last: char) -> String {
    format!("7d8e1f20-3a4b-4c5d-8e9f-00000000000{last}")
}

fn pairs(list: &[(&str, &str)]) -> Vec<(NamespaceId, String)> {
    list.iter().map(|(a, b)| (ns(a), b.to_string())).collect()
}

#[test]
fn the_selected_namespace_is_offered_first_and_chosen_until_unticked() {
    let (a, b, c, d) = (uuid('a'), uuid('b'), uuid('c'), uuid('d'));
    // Ids come in any spelling; each is one id.
    let known = pairs(&[(&b.to_uppercase(), "Staging"), (&a, "Production"), (&c, "")]);
    let mut picks = Picks::default();
    let offered = picks.offered(&ns(&format!(" {a} ")), known.clone());
    assert_eq!(
        offered,
        pairs(&[(&a, "Production"), (&b, "Staging"), (&c, "")]),
        "once each, the selected first, with the label it is known by"
    );
    assert_eq!(
        picks.chosen(offered.clone(), &ns(&a), &Marks::default()),
        pairs(&[(&a, "Production")])
    );

    picks.set(&ns(&c), true);
    picks.set(&ns(&a.to_uppercase()), false);
    assert_eq!(
        picks.chosen(offered.clone(), &ns(&a), &Marks::default()),
        pairs(&[(&c, "")])
    );
    // Another selected namespace is chosen in its turn; the unticked stays so.
    assert_eq!(
        picks.chosen(
            picks.offered(&ns(&b), known.clone()),
            &ns(&b),
            &Marks::default()
        ),
        pairs(&[(&b, "Staging"), (&c, "")])
    );

    picks.add(&ns(&format!(" {d} ")));
    picks.add(&ns(&d.to_uppercase()));
    let offered = picks.offered(&ns(""), known);
    assert_eq!(
        offered.len(),
        4,
        "a blank selection is not offered, a typed id once"
    );
    assert_eq!(
        picks.chosen(offered, &ns(""), &Marks::default()),
        pairs(&[(&c, ""), (&d, "")])
    );
}

#[test]
fn a_protected_namespace_is_chosen_only_when_ticked_even_when_selected() {
    let (x, pu, su) = (uuid('0'), uuid('1'), uuid('2'));
    let (p, s) = (ns(&pu), ns(&su));
    let known = pairs(&[(&pu, "prod"), (&su, "staging")]);
    let protected = &Marks::parse(&format!("{x}\n{pu}"));
    let mut picks = Picks::default();
    let offered = picks.offered(&p, known.clone());
    assert_eq!(picks.chosen(offered.clone(), &p, protected), []);
    picks.set(&s, true);
    assert_eq!(
        picks.chosen(offered.clone(), &p, protected),
        pairs(&[(&su, "staging")]),
        "left out of a change to several"
    );
    picks.set(&p, true);
    assert_eq!(
        picks.chosen(offered, &p, protected),
        pairs(&[(&pu, "prod"), (&su, "staging")]),
        "in once ticked"
    );
}

/// Asks for the next call as a worker of `run` at `now`; the ticket and
/// namespace if it is to be sent.
fn send(p: &mut Plan, run: u32, now: u64) -> Option<(Ticket, String)> {
    match p.next(run, now) {
        Next::Send(t, ns) => Some((t, ns.to_string())),
        _ => None,
    }
}

#[test]
fn each_namespace_is_sent_once_a_few_at_a_time() {
    let p: Plan = Plan::new([
        (ns("a"), String::new()),
        (ns("b"), String::new()),
        (ns("a"), "again".to_owned()),
    ]);
    assert_eq!(p.items.len(), 2, "a namespace chosen twice is sent once");
    let mut p = plan(5);
    let sent: Vec<(Ticket, String)> = (0..6).filter_map(|_| send(&mut p, 1, 0)).collect();
    let names: Vec<&str> = sent.iter().map(|s| s.1.as_str()).collect();
    assert_eq!(
        names,
        ["ns-0", "ns-1", "ns-2"],
        "never more than {CONCURRENCY} at once"
    );
    assert_eq!(p.in_flight(), CONCURRENCY);
    assert_eq!(p.next(1, 0), Next::Stop, "a fourth worker stops");
    assert_eq!(p.summary(), "0 of 5 changed, 5 to go.");
    p.finish(sent[1].0, Ok(()), 0);
    assert_eq!(send(&mut p, 1, 0).map(|s| s.1), Some("ns-3".to_owned()));
    for (t, _) in [sent[0].clone(), sent[2].clone()] {
        p.finish(t, Ok(()), 0);
    }
    let last = send(&mut p, 1, 0).unwrap();
    assert!(p.is_running());
    let third = p
        .items
        .iter()
        .position(|i| matches!(i.step, Step::Running))
        .unwrap();
    assert_eq!(p.items[third].namespace_id, ns("ns-3"));
    assert!(!p.can_retry(), "not while calls are in flight");
    p.finish(last.0, Ok(()), 0);
    assert_eq!(p.in_flight(), 1, "ns-3 is still in flight");
}

#[test]
fn a_429_pauses_every_call_and_the_longest_pause_wins() {
    let mut p = plan(3);
    let (a, _) = send(&mut p, 1, 0).unwrap();
    let (b, _) = send(&mut p, 1, 0).unwrap();
    p.finish(a, Err(error(429, "API_RATE_LIMIT", Some("7"))), 1_000);
    assert!(
        matches!(p.items[0].step, Step::Waiting),
        "it goes back in the queue"
    );
    assert_eq!(
        p.next(1, 1_000),
        Next::Wait(7_000),
        "no call starts during the pause"
    );
    // Issue 16: a shorter Retry-After overwrote a longer one.
    p.finish(b, Err(error(429, "API_RATE_LIMIT", Some("2"))), 2_000);
    assert_eq!(
        p.next(1, 4_000),
        Next::Wait(4_000),
        "the longer pause still holds"
    );
    let (again, ns) = send(&mut p, 1, 8_000).unwrap();
    assert_eq!(ns, "ns-0", "it goes first again");
    // Not for ever: after three, it is a failure like any other.
    let limited = error(429, "API_RATE_LIMIT", Some("1"));
    p.finish(again, Err(limited.clone()), 8_000);
    let mut now = 9_000;
    for _ in 0..2 {
        let (t, _) = send(&mut p, 1, now).unwrap();
        p.finish(t, Err(limited.clone()), now);
        now += 1_000;
    }
    assert!(matches!(&p.items[0].step, Step::Failed(e) if *e == limited));

    // A pause longer than a minute (a day, or a broken header) is not waited
    // out: that namespace fails at once, with the service's answer.
    for (retry_after, waits) in [("60", true), ("61", false), ("86400", false)] {
        let mut p = plan(1);
        let (t, _) = send(&mut p, 1, 0).unwrap();
        p.finish(t, Err(error(429, "API_RATE_LIMIT", Some(retry_after))), 0);
        assert_eq!(
            matches!(p.items[0].step, Step::Waiting),
            waits,
            "Retry-After: {retry_after}"
        );
        assert_eq!(matches!(p.items[0].step, Step::Failed(_)), !waits);
    }
}

#[test]
fn cancel_is_final_and_retry_sends_only_what_did_not_succeed() {
    let mut p = plan(5);
    let (a, _) = send(&mut p, 1, 0).unwrap();
    let (b, _) = send(&mut p, 1, 0).unwrap();
    let (c, _) = send(&mut p, 1, 0).unwrap();
    p.finish(a, Ok(()), 0);
    p.finish(b, Err(error(500, "ERROR", None)), 0);
    p.cancel();
    assert!(
        matches!(p.items[2].step, Step::Running),
        "a running call finishes"
    );
    assert!(p.items[3..]
        .iter()
        .all(|i| matches!(i.step, Step::NotStarted)));
    assert_eq!(p.next(1, 0), Next::Stop, "nothing starts after a cancel");
    assert!(
        !p.can_retry() && p.retry_unfinished().is_none(),
        "not while a call runs"
    );
    // Issue 16: a call running at the cancel that came back 429 was sent again.
    p.finish(c, Err(error(429, "API_RATE_LIMIT", Some("1"))), 0);
    assert!(matches!(p.items[2].step, Step::Failed(_)));
    assert_eq!(p.next(1, 5_000), Next::Stop);
    assert_eq!(
        p.summary(),
        "1 of 5 changed, 2 failed, 2 not sent (cancelled)."
    );

    let run = p.retry_unfinished().unwrap();
    assert_eq!(run, 2);
    let mut sent = Vec::new();
    while let Some((t, ns)) = send(&mut p, run, 5_000) {
        sent.push(ns);
        p.finish(t, Ok(()), 5_000);
    }
    assert_eq!(
        sent,
        ["ns-1", "ns-2", "ns-3", "ns-4"],
        "what succeeded is never sent again"
    );
    assert_eq!(p.summary(), "5 of 5 changed.");
    assert_eq!(p.items[0].name(), "label 0 (ns-0)");
}

#[test]
fn no_run_can_be_reentered_and_never_more_than_three_calls_fly() {
    // Issue 16: Apply during a retry replaced the plan under running calls
    // (the wasm trapped), and Cancel then Retry during a pause left the old
    // workers alive: 6 calls at once.
    let mut p = plan(6);
    let (a, _) = send(&mut p, 1, 0).unwrap();
    p.finish(a, Err(error(429, "API_RATE_LIMIT", Some("5"))), 0);
    assert_eq!(
        p.restart(pairs(&[("x", "")])),
        None,
        "starting while a run goes is a no-op"
    );
    assert_eq!(p.items.len(), 6);
    p.cancel();
    let run = p
        .retry_unfinished()
        .expect("nothing in flight during the pause");
    // The old run's three workers wake with the new run's three.
    let mut flying = Vec::new();
    for now in [5_000, 5_000, 5_000, 5_000, 5_000, 5_000] {
        for worker_run in [1, run] {
            if let Some(t) = send(&mut p, worker_run, now) {
                assert_eq!(worker_run, run, "a worker of the old run stops");
                flying.push(t);
            }
        }
    }
    assert_eq!(flying.len(), CONCURRENCY);
    assert_eq!(p.in_flight(), CONCURRENCY);
    // A call that lands frees its place for the next.
    p.finish(flying[0].0, Ok(()), 5_000);
    assert_eq!(p.in_flight(), 2);
    assert!(send(&mut p, run, 5_000).is_some());
    // A double start: the second is a no-op.
    let mut q: Plan = Plan::default();
    assert_eq!(q.restart(pairs(&[("a", "")])), Some(1));
    assert_eq!(q.restart(pairs(&[("a", "")])), None);
}
