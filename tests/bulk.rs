//! A change applied to several namespaces: which are chosen, the queue, 429
//! waits, cancel, and a retry of what did not succeed only.

use gamecloud::api::{Answer, ApiError, ListBuilds, Operation};
use gamecloud::bulk::{Picks, Plan, Step, CONCURRENCY};

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
    Plan::new((0..n).map(|i| (format!("ns-{i}"), format!("label {i}"))))
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn the_selected_namespace_is_offered_first_and_chosen_until_unticked() {
    let known = pairs(&[("B", "Staging"), ("a", "Production"), ("c", "")]);
    let mut picks = Picks::default();
    let offered = picks.offered(" a ", known.clone());
    assert_eq!(
        offered,
        pairs(&[("a", "Production"), ("B", "Staging"), ("c", "")]),
        "once each, the selected first, with the label it is known by"
    );
    assert_eq!(
        picks.chosen(offered.clone(), " a "),
        pairs(&[("a", "Production")])
    );

    picks.set("c", true);
    picks.set("A", false);
    assert_eq!(picks.chosen(offered.clone(), "a"), pairs(&[("c", "")]));
    // Another selected namespace is chosen in its turn; the unticked stays so.
    assert_eq!(
        picks.chosen(picks.offered("b", known.clone()), "b"),
        pairs(&[("b", "Staging"), ("c", "")])
    );

    picks.add(" d ");
    picks.add("D");
    let offered = picks.offered("", known);
    assert_eq!(
        offered.len(),
        4,
        "a blank selection is not offered, a typed id once"
    );
    assert_eq!(picks.chosen(offered, ""), pairs(&[("c", ""), ("d", "")]));
}

#[test]
fn each_namespace_is_sent_once_a_few_at_a_time() {
    let mut p = Plan::new([
        ("a".to_owned(), String::new()),
        ("b".to_owned(), String::new()),
        ("a".to_owned(), "again".to_owned()),
    ]);
    assert_eq!(p.items.len(), 2, "a namespace chosen twice is sent once");
    let mut p2 = plan(5);
    let running: Vec<usize> = (0..CONCURRENCY).filter_map(|_| p2.start_next()).collect();
    assert_eq!(running, [0, 1, 2]);
    assert!(p2.items[..3]
        .iter()
        .all(|i| matches!(i.step, Step::Running)));
    assert_eq!(p2.summary(), "0 of 5 changed, 5 to go.");
    assert_eq!(p2.finish(1, Ok(())), None);
    assert_eq!(p2.start_next(), Some(3));
    p.start_next();
    p.finish(0, Ok(()));
    p.start_next();
    p.finish(1, Ok(()));
    assert!(!p.is_running());
    assert!(!p.can_retry(), "nothing to retry when all is done");
    assert_eq!(p.summary(), "2 of 2 changed.");
}

#[test]
fn a_429_puts_the_namespace_back_and_says_how_long_everyone_waits() {
    let mut p = plan(2);
    let i = p.start_next().unwrap();
    let limited = error(429, "API_RATE_LIMIT", Some("7"));
    assert_eq!(p.finish(i, Err(limited.clone())), Some(7000));
    assert!(matches!(p.items[i].step, Step::Waiting));
    assert_eq!(p.start_next(), Some(i), "it goes first again");
    // Not for ever: after three, it is a failure like any other.
    for _ in 0..2 {
        p.finish(i, Err(limited.clone()));
        p.start_next();
    }
    assert_eq!(p.finish(i, Err(limited.clone())), None);
    assert!(matches!(&p.items[i].step, Step::Failed(e) if *e == limited));

    // A pause longer than a minute (a day, or a broken header) is not waited
    // out: that namespace fails at once, with the service's answer.
    for (retry_after, waits) in [("60", true), ("61", false), ("86400", false)] {
        let mut p = plan(1);
        let i = p.start_next().unwrap();
        let asked = p.finish(i, Err(error(429, "API_RATE_LIMIT", Some(retry_after))));
        assert_eq!(asked.is_some(), waits, "Retry-After: {retry_after}");
        assert_eq!(matches!(p.items[i].step, Step::Failed(_)), !waits);
    }
}

#[test]
fn cancel_stops_what_has_not_started_and_retry_sends_only_what_did_not_succeed() {
    let mut p = plan(5);
    let (a, b) = (p.start_next().unwrap(), p.start_next().unwrap());
    p.finish(a, Ok(()));
    p.finish(b, Err(error(500, "ERROR", None)));
    let c = p.start_next().unwrap();
    p.cancel();
    assert!(
        matches!(p.items[c].step, Step::Running),
        "a running call finishes"
    );
    assert!(p.items[3..]
        .iter()
        .all(|i| matches!(i.step, Step::NotStarted)));
    assert!(!p.can_retry(), "not while a call runs");
    p.finish(c, Ok(()));
    assert_eq!(
        p.summary(),
        "2 of 5 changed, 1 failed, 2 not sent (cancelled)."
    );
    assert!(p.can_retry());

    p.retry_unfinished();
    let mut sent = Vec::new();
    while let Some(i) = p.start_next() {
        sent.push(p.items[i].namespace_id.clone());
        p.finish(i, Ok(()));
    }
    assert_eq!(
        sent,
        ["ns-1", "ns-3", "ns-4"],
        "what succeeded is never sent again"
    );
    assert_eq!(p.summary(), "5 of 5 changed.");
    assert_eq!(p.items[0].name(), "label 0 (ns-0)");
}
