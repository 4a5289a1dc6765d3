//! Every string that crosses into JavaScript is written once, in Rust; the
//! hand-written `js/index.d.ts` must name exactly the same values. A value
//! added on one side only fails here.

use gamecloud::api::{ErrorKind, NetworkReason};
use gamecloud::model::{CdnAuthType, PortProtocol};
use gamecloud::token::TokenKind;
use gamecloud::validate::{IssueCode, ServiceRejection, Severity};

const DTS: &str = include_str!("../js/index.d.ts");

/// The quoted values of the union that follows `anchor`, up to its `;`.
fn union_after(anchor: &str) -> Vec<String> {
    let start = DTS
        .find(anchor)
        .unwrap_or_else(|| panic!("index.d.ts has no {anchor:?}"))
        + anchor.len();
    let end = start + DTS[start..].find(';').expect("a union ends with ;");
    DTS[start..end]
        .split('\'')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

fn same(anchor: &str, rust: impl IntoIterator<Item = &'static str>) {
    let mut ts = union_after(anchor);
    let mut rust: Vec<String> = rust.into_iter().map(str::to_owned).collect();
    ts.sort();
    rust.sort();
    assert_eq!(
        ts, rust,
        "index.d.ts `{anchor}` disagrees with the Rust values"
    );
}

#[test]
fn error_kinds_and_reasons_match_the_rust_ones() {
    // `not_loaded` is the JS module's own (`js/shared.js`): the core cannot
    // raise it before it exists.
    same(
        "export type ErrorKind =",
        ErrorKind::ALL
            .iter()
            .map(|k| k.as_str())
            .chain(["not_loaded"]),
    );
    same(
        "readonly reason?:",
        NetworkReason::ALL.iter().map(|r| r.as_str()),
    );
}

#[test]
fn issue_codes_severities_and_service_codes_match_the_rust_ones() {
    same(
        "export type IssueCode =",
        IssueCode::ALL.iter().map(|c| c.as_str()),
    );
    same("severity:", Severity::ALL.iter().map(|s| s.as_str()));
    same(
        "serviceCode:",
        ServiceRejection::ALL.iter().map(|r| r.as_str()),
    );
    // Every service code an issue can carry is one the type names.
    for code in IssueCode::ALL {
        if let Some(r) = code.service_rejection() {
            assert!(ServiceRejection::ALL.contains(&r));
        }
    }
}

#[test]
fn token_kinds_protocols_and_auth_types_match_the_rust_ones() {
    same(
        "export interface DecodedToken {\n  kind:",
        TokenKind::ALL.iter().map(|k| k.as_str()),
    );
    same(
        "export type PortProtocol =",
        PortProtocol::KNOWN.iter().map(PortProtocol::as_str),
    );
    same(
        "export type CdnAuthType =",
        CdnAuthType::KNOWN.iter().map(CdnAuthType::as_str),
    );
}

#[test]
fn the_check_itself_catches_a_value_missing_from_the_types() {
    // The anchor's union must be read whole: one value fewer is a mismatch.
    let mut ts = union_after("export type ErrorKind =");
    ts.pop();
    assert_ne!(ts.len(), ErrorKind::ALL.len() + 1);
}
