//! Filtering, sorting, units and export of the builds list.

use gamecloud::builds_view::*;
use gamecloud::model::{BuildSummary, Timestamp};

fn build(name: &str, size: u64, ts_ms: i64, complete: bool, tags: &[(&str, &str)]) -> BuildSummary {
    BuildSummary {
        build_id: format!("b-{name}"),
        upload_id: format!("u-{name}"),
        display_name: name.to_owned(),
        create_ts: Timestamp::from_unix_ms(ts_ms).unwrap(),
        content_length: size,
        complete,
        tags: tags
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// The view of a list, through the index it owns.
fn view(b: &[BuildSummary], query: &str, state: StateFilter, sort: Sort) -> Vec<usize> {
    BuildList::new(b.to_vec(), str::to_lowercase).view(query, state, sort)
}

fn sample() -> Vec<BuildSummary> {
    vec![
        build("Nightly", 300, 3_000, true, &[("channel", "beta")]),
        build("alpha", (1 << 53) + 1, 1_000, false, &[]),
        build("Zeta", 10, 2_000, true, &[("commit", "abc123")]),
    ]
}

#[test]
fn filters_by_words_in_names_ids_and_tags_and_by_state() {
    let b = sample();
    assert_eq!(view(&b, "", StateFilter::All, Sort::default()), [0, 2, 1]);
    assert_eq!(view(&b, "NIGHT", StateFilter::All, Sort::default()), [0]);
    assert_eq!(view(&b, "abc123", StateFilter::All, Sort::default()), [2]);
    assert_eq!(
        view(&b, "commit=abc", StateFilter::All, Sort::default()),
        [2],
        "a tag as key=value"
    );
    assert_eq!(view(&b, "u-alpha", StateFilter::All, Sort::default()), [1]);
    assert_eq!(
        view(&b, "beta night", StateFilter::All, Sort::default()),
        [0]
    );
    assert_eq!(
        view(&b, "beta zeta", StateFilter::All, Sort::default()),
        Vec::<usize>::new()
    );
    assert_eq!(view(&b, "", StateFilter::Unfinished, Sort::default()), [1]);
    assert_eq!(view(&b, "", StateFilter::Complete, Sort::default()), [0, 2]);
}

#[test]
fn sorts_by_any_column_both_ways_with_exact_sizes() {
    let b = sample();
    let by = |column, descending| view(&b, "", StateFilter::All, Sort { column, descending });
    assert_eq!(by(Column::Size, false), [2, 0, 1]);
    assert_eq!(by(Column::Size, true), [1, 0, 2]);
    assert_eq!(by(Column::Name, false), [1, 0, 2], "case-insensitive");
    assert_eq!(by(Column::Created, false), [1, 2, 0]);
    assert_eq!(
        by(Column::State, false),
        [1, 0, 2],
        "unfinished first, ties in service order"
    );
    assert_eq!(by(Column::Tags, true), [0, 2, 1]);
}

#[test]
fn packed_key_sorting_orders_as_a_plain_stable_sort_would() {
    // Names share long prefixes and repeat, so ties and the tie-break by
    // whole text are both exercised; sizes and times repeat too.
    let b: Vec<BuildSummary> = (0..5_000i64)
        .map(|i| {
            // Prefixes longer than one digit of the radix sort, and longer
            // than its depth limit.
            let long = "long ".repeat(120);
            let prefix = ["", "Release candidate build ", &long][i as usize % 3];
            let name = format!(
                "{prefix}Build-{:03}{}",
                (i * 7919) % 997,
                ["", "x", "X", "é"][i as usize % 4]
            );
            let mut b = build(
                &name,
                (i as u64 * 13) % 1000 + (1 << 60) * (i as u64 % 3),
                (i * 37) % 4000 - 2000,
                i % 5 != 0,
                &[],
            );
            b.build_id = format!("{:x}", (i * 104_729) % 4096);
            b
        })
        .collect();
    let list = BuildList::new(b.clone(), str::to_lowercase);
    for column in Column::ALL {
        for descending in [false, true] {
            let mut want: Vec<usize> = (0..b.len()).collect();
            want.sort_by(|&x, &y| {
                let (p, q) = (&b[x], &b[y]);
                let o = match column {
                    Column::Name => p
                        .display_name
                        .to_lowercase()
                        .cmp(&q.display_name.to_lowercase()),
                    Column::BuildId => p.build_id.cmp(&q.build_id),
                    Column::UploadId => p.upload_id.cmp(&q.upload_id),
                    Column::State => p.complete.cmp(&q.complete),
                    Column::Size => p.content_length.cmp(&q.content_length),
                    Column::Created => p.create_ts.cmp(&q.create_ts),
                    Column::Tags => p.tags.len().cmp(&q.tags.len()),
                };
                if descending {
                    o.reverse()
                } else {
                    o
                }
            });
            let got = list.view("", StateFilter::All, Sort { column, descending });
            assert_eq!(got, want, "{column:?} descending={descending}");
        }
    }
}

#[test]
fn sizes_read_in_binary_units_and_exact_digits() {
    let cases = [
        (0, "0 B"),
        (1023, "1023 B"),
        (1024, "1.00 KiB"),
        (1_500_000, "1.43 MiB"),
        (3_000_000_000, "2.79 GiB"),
        (u64::MAX, "16.0 EiB"),
    ];
    for (n, want) in cases {
        assert_eq!(human_size(n), want, "{n}");
    }
    // The same text float formatting gives, on ties and unit edges too.
    let float = |bytes: u64| {
        let mut value = bytes as f64 / 1024.0;
        let mut unit = 0;
        while value >= 1024.0 && unit < 5 {
            value /= 1024.0;
            unit += 1;
        }
        let digits = if value >= 100.0 {
            0
        } else if value >= 10.0 {
            1
        } else {
            2
        };
        format!(
            "{value:.digits$} {}",
            ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"][unit]
        )
    };
    let mut n: u64 = 1024;
    while n < u64::MAX / 3 {
        for m in [
            n,
            n + 5,
            n * 3 / 2,
            n + n / 200,
            n + n / 2000 * 9,
            n / 1024 * 1023,
        ] {
            if m >= 1024 {
                assert_eq!(human_size(m), float(m), "{m}");
            }
        }
        n = n / 3 * 4 + 7;
    }
    assert_eq!(grouped((1 << 53) + 1), "9,007,199,254,740,993");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1000), "1,000");
}

#[test]
fn times_read_relative() {
    let now = 1_700_000_000_000;
    let cases = [
        (0, "just now"),
        (60_000, "1 minute ago"),
        (7_200_000, "2 hours ago"),
        (86_400_000 * 3, "3 days ago"),
        (86_400_000 * 400, "1 year ago"),
        (-120_000, "in 2 minutes"),
    ];
    for (ago, want) in cases {
        assert_eq!(relative(now, now - ago), want, "{ago}");
    }
}

#[test]
fn csv_is_rfc4180_and_formula_safe() {
    let mut b = sample();
    b[0].display_name = "=HYPERLINK(\"x\"), \"quoted\"".into();
    let csv = to_csv(&b, &[0, 1]);
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "display_name,build_id,upload_id,complete,content_length,create_ts,tags"
    );
    assert_eq!(lines[1], "\"'=HYPERLINK(\"\"x\"\"), \"\"quoted\"\"\",b-Nightly,u-Nightly,true,300,1970-01-01T00:00:03.000Z,channel=beta");
    assert!(
        lines[2].contains(",9007199254740993,"),
        "exact: {}",
        lines[2]
    );
    let json = to_json(&b, &[1]);
    assert!(
        json.contains("\"content_length\": 9007199254740993"),
        "{json}"
    );
}

#[test]
fn separators_inside_names_do_not_shift_other_builds() {
    // A hostile name holding the index's own separators must not make the
    // next build's text start inside it.
    let mut b = sample();
    b[0].display_name = "Night\u{0}ly\u{1}x".into();
    assert_eq!(view(&b, "zeta", StateFilter::All, Sort::default()), [2]);
    assert_eq!(view(&b, "alpha", StateFilter::All, Sort::default()), [1]);
    assert_eq!(view(&b, "night", StateFilter::All, Sort::default()), [0]);
}

#[test]
fn filtering_finds_exactly_the_builds_a_plain_scan_finds() {
    let b: Vec<BuildSummary> = (0..3_000u64)
        .map(|i| {
            let name = format!(
                "Build {} {}",
                i % 37,
                // ASCII names and others side by side: the index lower-cases
                // the two kinds apart and must splice them back in order; a
                // final sigma lowers by its context.
                ["Alpha", "beta", "ÉTÉ", "ΟΔΟΣ x", "İK"][i as usize % 5]
            );
            build(
                &name,
                i,
                i as i64,
                i % 4 != 0,
                &[("k", if i % 5 == 0 { "v1" } else { "x" })],
            )
        })
        .collect();
    let list = BuildList::new(b.clone(), str::to_lowercase);
    for query in [
        "",
        "build 3",
        "été",
        "BETA 1",
        "k=v1",
        "1 alpha",
        "zzz",
        "b-Build 2",
        "3 3",
        "ΟΔΟΣ",
        "οδοσ",
        "ς x",
        "i̇k",
    ] {
        for state in [
            StateFilter::All,
            StateFilter::Complete,
            StateFilter::Unfinished,
        ] {
            let want: Vec<usize> = (0..b.len())
                .filter(|&i| {
                    let x = &b[i];
                    let text = format!(
                        "{}\u{1}{}\u{1}{}\u{1}k={}",
                        x.display_name, x.build_id, x.upload_id, x.tags["k"]
                    )
                    .to_lowercase();
                    let state_ok = match state {
                        StateFilter::All => true,
                        StateFilter::Complete => x.complete,
                        StateFilter::Unfinished => !x.complete,
                    };
                    state_ok
                        && query
                            .to_lowercase()
                            .split_whitespace()
                            .all(|w| text.contains(w))
                })
                .collect();
            assert_eq!(list.filter(query, state), want, "{query:?} {state:?}");
        }
    }
}

/// Splits CSV text into rows of cells by `sep`, as a spreadsheet does.
fn parse_csv(text: &str, sep: char) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut cell) = (Vec::new(), Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' if quoted => quoted = false,
            '"' if cell.is_empty() => quoted = true,
            c if c == sep && !quoted => row.push(std::mem::take(&mut cell)),
            '\r' if !quoted => {}
            '\n' if !quoted => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            c => cell.push(c),
        }
    }
    rows
}

#[test]
fn no_csv_cell_can_start_a_formula_with_either_separator() {
    let hostile = [
        "a;=cmd|' /C calc'!A0",
        "x; +1+1",
        "=1+1",
        "  @SUM(A1)",
        " -2+3",
        "tab\t=1",
        "line\n=1",
        "quote\";=1",
    ];
    let mut b = sample();
    for name in hostile {
        b[0].display_name = name.into();
        b[0].tags = [("k;=x".to_owned(), "v;@y".to_owned())]
            .into_iter()
            .collect();
        let csv = to_csv(&b, &[0]);
        for sep in [',', ';'] {
            let rows = parse_csv(&csv, sep);
            for cell in rows.iter().skip(1).flatten() {
                let first = cell.trim_start().chars().next();
                assert!(
                    !first.is_some_and(|c| "=+-@".contains(c)),
                    "{name:?} with {sep:?}: cell {cell:?} of {csv:?}"
                );
            }
        }
        // With the comma separator, the name comes back whole but for the
        // guards.
        let rows = parse_csv(&csv, ',');
        assert_eq!(rows[1][0].replace('\'', ""), name.replace('\'', ""));
    }
}

#[test]
fn two_builds_compare_older_to_newer_with_exact_sizes_and_tag_changes() {
    let mut b = sample();
    b[0].tags = [("channel", "beta"), ("engine", "4.2"), ("old", "x")]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    b[1].tags = [("channel", "stable"), ("engine", "4.2"), ("new", "y")]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    b[0].create_ts = Timestamp::from_unix_ms(1_000).unwrap();
    b[1].create_ts =
        Timestamp::from_unix_ms(1_000 + 3 * 86_400_000 + 4 * 3_600_000 + 59_000).unwrap();
    b[0].content_length = u64::MAX;
    b[1].content_length = 0;
    // Either order of choice gives the same comparison.
    for (a, c) in [(0, 1), (1, 0)] {
        let cmp = compare(&b, a, c);
        assert_eq!((cmp.older, cmp.newer), (0, 1));
        assert_eq!(
            cmp.size_delta,
            -i128::from(u64::MAX),
            "exact, even at the extremes"
        );
        assert_eq!(cmp.added, [("new".to_owned(), "y".to_owned())]);
        assert_eq!(cmp.removed, [("old".to_owned(), "x".to_owned())]);
        assert_eq!(
            cmp.changed,
            [("channel".to_owned(), "beta".to_owned(), "stable".to_owned())]
        );
        assert_eq!(duration_text(cmp.time_ms), "3 days 4 hours");
    }
    assert_eq!(size_delta_text(1_048_576), "+1,048,576 bytes (+1.00 MiB)");
    assert_eq!(size_delta_text(-512), "-512 bytes (-512 B)");
    assert_eq!(size_delta_text(0), "no change");
    assert_eq!(
        size_delta_text(-i128::from(u64::MAX)),
        "-18,446,744,073,709,551,615 bytes (-16.0 EiB)"
    );
    assert_eq!(
        duration_text(2 * 3_600_000 + 5 * 60_000 + 7_000),
        "2 hours 5 minutes"
    );
    assert_eq!(duration_text(3_600_000 + 30_000), "1 hour");
    assert_eq!(duration_text(45_000), "45 seconds");
    assert_eq!(duration_text(0), "less than a second");
}

/// Builds whose names mix ASCII and other text, for the index's slices.
fn mixed(n: u64) -> Vec<BuildSummary> {
    (0..n)
        .map(|i| {
            let name = format!(
                "Build {} {}",
                i % 37,
                ["Alpha", "ΟΔΟΣ x", "İK"][i as usize % 3]
            );
            build(
                &name,
                i,
                i as i64,
                i % 4 != 0,
                &[("k", if i % 5 == 0 { "v1" } else { "x" })],
            )
        })
        .collect()
}

#[test]
fn words_are_found_in_ids_as_in_names_whatever_the_ids_hold() {
    // Ids as the service makes them (hex digits and dashes), which a word
    // with another character is not looked for in, and one odd id.
    let mut b: Vec<BuildSummary> = (0..40u64)
        .map(|i| {
            let mut x = build(
                &format!("Nightly v{i}"),
                i,
                i as i64,
                true,
                &[("os", "linux")],
            );
            x.build_id = format!("{i:08x}-7c1e-4b2a-9d3f-{:012x}", i * 0xabc);
            x.upload_id = format!("{:08x}-0000-4000-8000-000000000000", 0xface_0000 + i);
            x
        })
        .collect();
    b[7].upload_id = "Weird upload, v7 ÉTÉ".to_owned();
    let list = BuildList::new(b.clone(), str::to_lowercase);
    let find = |q: &str| list.filter(q, StateFilter::All);
    assert_eq!(find("v12"), vec![12], "a name");
    assert_eq!(find("0000000c-7c1e"), vec![12], "a build id");
    assert_eq!(find("FACE0021"), vec![33], "an upload id, any case");
    assert_eq!(find("v3 face0003"), vec![3], "a name and an id together");
    assert_eq!(find("face0003 v3"), vec![3], "either first");
    assert_eq!(
        find("weird"),
        vec![7],
        "the odd id: its letters are looked for in the ids"
    );
    assert_eq!(find("été v7"), vec![7]);
    assert_eq!(
        find("linux 4b2a").len(),
        40,
        "a tag and a part every build id has"
    );
    assert!(find("4b2a-x").is_empty());
}

#[test]
fn an_index_built_a_slice_at_a_time_filters_as_one_built_at_once() {
    let b = mixed(1_000);
    let whole = BuildList::new(b.clone(), str::to_lowercase);
    for slice in [1, 7, 333, 999, 1_000, 5_000] {
        let sliced = BuildList::new(b.clone(), str::to_lowercase);
        let mut tasks = 1;
        while !sliced.prepare_filter(slice) {
            tasks += 1;
        }
        assert_eq!(tasks, b.len().div_ceil(slice).max(1), "slices of {slice}");
        assert!(sliced.prepare_filter(slice), "done stays done");
        for query in ["ς x", "οδοσ 3", "build 1 alpha", "k=v1", "i̇k"] {
            assert_eq!(
                sliced.filter(query, StateFilter::All),
                whole.filter(query, StateFilter::All),
                "{query:?} in slices of {slice}"
            );
        }
    }
    // A filter typed while the index is half built finishes it first.
    let half = BuildList::new(b.clone(), str::to_lowercase);
    assert!(!half.prepare_filter(500));
    assert_eq!(
        half.filter("k=v1", StateFilter::Complete),
        whole.filter("k=v1", StateFilter::Complete)
    );
}

#[test]
fn a_filter_keeps_the_order_it_is_given() {
    let b = mixed(200);
    let list = BuildList::new(b.clone(), str::to_lowercase);
    for sort in [
        Sort {
            column: Column::Name,
            descending: true,
        },
        Sort {
            column: Column::Size,
            descending: false,
        },
        Sort::default(),
    ] {
        let ordered = list.sorted_all(sort);
        for (query, state) in [
            ("", StateFilter::All),
            ("alpha", StateFilter::Unfinished),
            ("k=v1", StateFilter::All),
        ] {
            let want: Vec<usize> = ordered
                .iter()
                .copied()
                .filter(|i| list.filter(query, state).contains(i))
                .collect();
            assert_eq!(
                list.filter_in(&ordered, query, state),
                want,
                "{query:?} {sort:?}"
            );
            assert_eq!(list.view(query, state, sort), want, "the view is the same");
        }
    }
}

const DAY: i64 = 86_400_000;

/// The stem as docs/PANEL.md defines it, read the plain way: each space,
/// `-` or `_` from the left, the first whose end is a version.
fn stem_as_defined(name: &str) -> &str {
    let name = name.trim_end();
    let is_version = |end: &str| {
        let number = end.strip_prefix(['v', 'V']).unwrap_or(end);
        number.starts_with(|c: char| c.is_ascii_digit())
            && number
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'))
    };
    name.match_indices([' ', '-', '_'])
        .map(|(at, _)| (name[..at].trim_end(), &name[at + 1..]))
        .find(|(stem, end)| !stem.is_empty() && is_version(end))
        .map_or(name, |(stem, _)| stem)
}

proptest::proptest! {
    /// The stem read once from the end, in bytes, is the one defined, for
    /// names of versions, separators, spaces and other scripts.
    #[test]
    fn the_stem_is_the_one_defined(name in "[ a-zA-Z0-9vV._+é🎮\\-]{0,24}") {
        proptest::prop_assert_eq!(name_stem(&name), stem_as_defined(&name));
    }
}

#[test]
fn each_build_is_compared_with_the_previous_one_of_its_name() {
    assert_eq!(name_stem("Nightly v36"), "Nightly");
    assert_eq!(name_stem("client-1.4.2-rc1"), "client");
    assert_eq!(name_stem("Server build 1023"), "Server build");
    assert_eq!(name_stem("🎮 emoji build v3"), "🎮 emoji build");
    assert_eq!(name_stem("Release candidate"), "Release candidate");
    assert_eq!(name_stem("v36"), "v36");
    assert_eq!(name_stem("build-final"), "build-final");
    // Created out of the list's order; two lines of builds interleaved.
    let b = vec![
        build("Nightly v3", 1_500, 3 * DAY, true, &[]),
        build("Hotfix v1", 900, 2 * DAY, true, &[]),
        build("Nightly v1", 1_000, DAY, true, &[]),
        build("Nightly v2", 2_000, 2 * DAY + 5, true, &[]),
    ];
    let list = BuildList::new(b, str::to_lowercase);
    assert_eq!(list.size_change(0), Some((3, -500)));
    assert_eq!(list.size_change(3), Some((2, 1_000)));
    assert_eq!(list.size_change(2), None, "the first of its line");
    assert_eq!(list.size_change(1), None, "another line");
}

#[test]
fn tags_days_and_the_budget_narrow_the_rows() {
    let b = vec![
        build("a v1", 100, DAY, true, &[("channel", "beta")]),
        build(
            "a v2",
            300,
            2 * DAY + 7,
            true,
            &[("channel", "beta"), ("os", "linux")],
        ),
        build("a v3", 200, 3 * DAY, true, &[("channel", "stable")]),
    ];
    let list = BuildList::new(b, str::to_lowercase);
    let all = [0, 1, 2];
    let rows = |narrow: &Narrow, budget| {
        let narrow = Narrow {
            budget,
            ..narrow.clone()
        };
        list.filter_narrowed(&all, "", StateFilter::All, &narrow)
    };
    let mut narrow = Narrow::default();
    assert_eq!(rows(&narrow, None), all);
    narrow.toggle_tag("channel", "beta");
    assert_eq!(rows(&narrow, None), [0, 1]);
    narrow.toggle_tag("os", "linux");
    assert_eq!(rows(&narrow, None), [1], "every tag chosen");
    narrow.toggle_tag("os", "linux");
    narrow.toggle_tag("channel", "beta");
    assert!(narrow.is_empty(), "a chip pressed twice is off");
    narrow.days = Some((2, 3));
    assert_eq!(rows(&narrow, None), [1, 2], "both days included");
    narrow.days = None;
    narrow.over_budget = true;
    assert_eq!(rows(&narrow, Some(150)), [1, 2]);
    assert_eq!(
        rows(&narrow, Some(300)),
        [] as [usize; 0],
        "equal is within"
    );
    assert_eq!(rows(&narrow, None), all, "no budget set: nothing is over");
}

#[test]
fn a_view_reads_back_from_its_address_as_itself() {
    let view = View {
        query: "nightly v3 & co=1".to_owned(),
        state: StateFilter::Unfinished,
        sort: Sort {
            column: Column::Size,
            descending: true,
        },
        narrow: Narrow {
            tags: vec![
                ("channel".to_owned(), "beta".to_owned()),
                ("<note>".to_owned(), "a=b&c".to_owned()),
            ],
            days: Some((20_000, 20_054)),
            over_budget: true,
            budget: None,
        },
        compare: vec!["b-1".to_owned(), "b-2".to_owned()],
    };
    let query = view.to_query(true);
    assert_eq!(View::parse(&query), view, "{query}");
    assert!(query.contains("sort=size-desc") && query.contains("from=2024-10-04"));
    // The default view is an empty query, and an empty query the default.
    assert_eq!(View::default().to_query(true), "");
    assert_eq!(View::parse(""), View::default());
    // Presentation mode: no text that may be an id.
    let masked = View::parse(&view.to_query(false));
    assert_eq!(masked.query, "");
    assert!(masked.compare.is_empty());
    assert_eq!(masked.narrow, view.narrow);
    // An address written before the mode, reached with Back: masked the same.
    assert_eq!(View::masked(&view.to_query(true)), view.to_query(false));
    assert_eq!(View::masked("q&cmp=x&q=a%26q%3D"), "");
}

#[test]
fn a_broken_or_hostile_address_opens_a_default_view() {
    for query in [
        "sort=sideways",
        "state=maybe",
        "from=2024-02-30",
        "to=yesterday",
        "tag=novalue",
        "over=yes",
        "%%%&&&==",
        "cmp=",
        "q=%FF%FE",
    ] {
        assert_eq!(View::parse(query), View::default(), "{query}");
    }
    // One end of a range alone: from that day on, or up to it.
    let from = View::parse("from=2026-11-26").narrow.days.unwrap();
    assert_eq!(Some(from.0), Timestamp::day_of_date("2026-11-26"));
    assert!(from.1 > from.0 + 365 * 1000);
    // Ends given the wrong way round are put in order; a third build to
    // compare is dropped.
    let v = View::parse("from=2026-11-26&to=2026-11-01&cmp=a,b,c");
    let (a, b) = v.narrow.days.unwrap();
    assert!(a < b);
    assert_eq!(v.compare, ["a", "b"]);
}

#[test]
fn the_chart_has_a_mark_per_build_while_they_are_few_and_per_stretch_after() {
    let b: Vec<_> = (0..10)
        .map(|i| {
            build(
                &format!("n v{i}"),
                100 + i as u64,
                (10 - i) * DAY,
                true,
                &[],
            )
        })
        .collect();
    let rows: Vec<usize> = (0..10).collect();
    let few = buckets(&b, &rows, 10);
    assert_eq!(few.len(), 10);
    assert!(
        few.windows(2).all(|w| w[0].first_ms < w[1].first_ms),
        "oldest first"
    );
    assert_eq!((few[0].largest, few[9].largest), (109, 100));
    let many = buckets(&b, &rows, 3);
    assert_eq!(many.iter().map(|m| m.builds).sum::<usize>(), 10);
    assert!(many.len() <= 3);
    assert_eq!(many[0].first_ms, DAY);
    assert_eq!(many.iter().map(|m| m.largest).max(), Some(109));
    assert_eq!(many.iter().map(|m| m.smallest).min(), Some(100));
    // Each mark names its largest build (the chart's bar leads to its row).
    for m in few.iter().chain(&many) {
        assert_eq!(b[m.largest_at].content_length, m.largest);
    }
    assert!(buckets(&b, &[], 3).is_empty());
    assert_eq!(buckets(&b, &rows, 0).len(), 1, "at least one mark");

    // The widest span a timestamp allows: year 1 to year 9999.
    let first = Timestamp::parse("0001-01-01T00:00:00Z").expect("year 1");
    let last = Timestamp::parse("9999-12-31T23:59:59.999Z").expect("year 9999");
    let mut ends = vec![
        build("old v1", 1, 0, true, &[]),
        build("new v2", 2, 0, true, &[]),
    ];
    ends[0].create_ts = first;
    ends[1].create_ts = last;
    ends.push(build("mid v3", 3, 0, true, &[]));
    let marks = buckets(&ends, &[0, 1, 2], 2);
    assert_eq!(marks.len(), 2);
    assert_eq!(
        (marks[0].first_ms, marks[1].last_ms),
        (first.unix_ms(), last.unix_ms())
    );
}

#[test]
fn chips_offer_the_tags_several_builds_carry_most_carried_first() {
    let b = vec![
        build("a", 1, DAY, true, &[("channel", "beta"), ("commit", "1")]),
        build("b", 1, DAY, true, &[("channel", "beta"), ("commit", "2")]),
        build("c", 1, DAY, true, &[("channel", "qa"), ("os", "linux")]),
        build("d", 1, DAY, true, &[("channel", "qa"), ("os", "linux")]),
        build("e", 1, DAY, true, &[("channel", "qa")]),
    ];
    let tags = common_tags(&b, 8);
    let names: Vec<_> = tags
        .iter()
        .map(|(k, v, n)| format!("{k}={v}:{n}"))
        .collect();
    assert_eq!(names, ["channel=qa:3", "channel=beta:2", "os=linux:2"]);
    assert_eq!(common_tags(&b, 1).len(), 1);
    // Counted two builds at a time, as a page does a slice per task.
    let mut counts = TagCounts::default();
    let mut slices = 1;
    while !counts.count(&b, 2) {
        slices += 1;
    }
    assert_eq!((slices, counts.common(8)), (3, tags));
}

#[test]
fn days_read_as_people_say_them() {
    let day = |date: &str| Timestamp::day_of_date(date).unwrap();
    assert_eq!(days_text(day("2026-11-19"), day("2026-11-19")), "Nov 19");
    assert_eq!(
        days_text(day("2026-11-19"), day("2026-11-26")),
        "Nov 19 – 26"
    );
    assert_eq!(
        days_text(day("2026-11-28"), day("2026-12-03")),
        "Nov 28 – Dec 3"
    );
    assert_eq!(
        days_text(day("2025-12-28"), day("2026-01-03")),
        "Dec 28, 2025 – Jan 3, 2026"
    );
    // Days no calendar reaches are said, not dropped.
    assert_eq!(days_text(i64::MIN / DAY_MS, day("2026-01-03")), "Some days");
}

#[test]
fn a_build_s_name_has_a_history_newest_first() {
    const H: i64 = 3_600_000;
    let b = vec![
        build("Nightly v2", 20, 2 * H, true, &[]),
        build("Release v1", 5, 3 * H, true, &[]),
        build("Nightly v1", 10, H, true, &[]),
        build("Nightly v3", 30, 4 * H, false, &[]),
    ];
    let list = BuildList::new(b, str::to_lowercase);
    assert_eq!(
        list.of_same_name(0),
        vec![3, 0, 2],
        "newest first, the build among them"
    );
    assert_eq!(list.of_same_name(1), vec![1], "a name of its own");
}
