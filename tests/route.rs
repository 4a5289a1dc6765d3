//! The panel's address, read and written as a shared link or a reload meets
//! it: the page, the game and the namespace.

use gamecloud::ids::{GameId, NamespaceId};
use gamecloud::route::{Page, Route};

const GAME: &str = "9d3f2a71-55c4-4a0e-9b8e-3c1d2f4a5b6c";
const NS: &str = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";

#[test]
fn a_link_opens_its_page_with_its_game_and_namespace() {
    let route = Route::parse(&format!("#/settings?game={GAME}&ns={NS}"));
    assert_eq!(
        route,
        Route {
            page: Page::Settings,
            game_id: GameId::new(GAME),
            namespace_id: NamespaceId::new(NS),
            view: String::new(),
            build_id: String::new(),
        }
    );
}

#[test]
fn a_link_to_either_setting_from_before_they_were_one_page_opens_the_settings() {
    for old in ["cdn-auth", "domain-auth"] {
        let route = Route::parse(&format!("#/{old}?game={GAME}&ns={NS}"));
        assert_eq!(route.page, Page::Settings, "{old}");
        assert_eq!(route.namespace_id, NamespaceId::new(NS));
        assert_eq!(
            route.to_hash(),
            format!("#/settings?game={GAME}&ns={NS}"),
            "written back under its new name"
        );
    }
}

#[test]
fn every_page_prints_and_reads_back_as_itself() {
    for page in Page::ALL {
        for (game, ns) in [("", ""), (GAME, ""), (GAME, NS), ("", NS)] {
            let route = Route {
                page,
                game_id: GameId::new(game),
                namespace_id: NamespaceId::new(ns),
                view: String::new(),
                build_id: String::new(),
            };
            assert_eq!(Route::parse(&route.to_hash()), route, "{}", route.to_hash());
        }
    }
}

#[test]
fn the_hash_names_only_the_ids_that_are_set() {
    let route = |game: &str, ns: &str| Route {
        page: Page::Log,
        game_id: GameId::new(game),
        namespace_id: NamespaceId::new(ns),
        view: String::new(),
        build_id: String::new(),
    };
    assert_eq!(route("", "").to_hash(), "#/log");
    assert_eq!(route(GAME, "").to_hash(), format!("#/log?game={GAME}"));
    assert_eq!(route("", NS).to_hash(), format!("#/log?ns={NS}"));
    assert_eq!(
        route(GAME, NS).to_hash(),
        format!("#/log?game={GAME}&ns={NS}")
    );
}

#[test]
fn an_unknown_page_or_a_broken_hash_opens_the_builds_page() {
    for hash in [
        "",
        "#",
        "#/",
        "#/nope",
        "#/builds/extra",
        "#?game=",
        "#/%zz",
        "garbage",
    ] {
        assert_eq!(Route::parse(hash).page, Page::Builds, "{hash:?}");
    }
    assert_eq!(Route::parse("#/log").page, Page::Log);
    assert_eq!(Route::parse("#/tokens").page, Page::Tokens);
    assert_eq!(Route::parse("/dev-token").page, Page::DevToken);
}

#[test]
fn the_service_link_gives_its_game() {
    // The service prints the panel's address as `?game=<id>`.
    let route = Route::parse(&format!("?game={GAME}"));
    assert_eq!(route.game_id.as_str(), GAME);
    assert!(route.namespace_id.is_empty());
}

#[test]
fn ids_come_in_their_one_form_whatever_the_link_spelt() {
    let upper = GAME.to_uppercase();
    let braced = format!("%7B{}%7D", GAME.replace('-', ""));
    for spelt in [upper.as_str(), braced.as_str()] {
        assert_eq!(
            Route::parse(&format!("#/builds?game={spelt}"))
                .game_id
                .as_str(),
            GAME,
            "{spelt}"
        );
    }
}

#[test]
fn text_that_is_not_an_id_stays_out_of_the_address() {
    // A token pasted in the id field by mistake, or any other text, is
    // sent at most (the service refuses it): never put in the address bar,
    // its history or a shared link, and never read from one.
    let token = "dev_1.eyJhbGciOiJFUzI1NiJ9.CgQIARAC.c2ln";
    for id in [token, "a b", "x&ns=y", "50%", "é/…", "a+b", "#frag", "=="] {
        let route = Route {
            page: Page::Builds,
            game_id: GameId::new(id),
            namespace_id: NamespaceId::new(id),
            view: String::new(),
            build_id: String::new(),
        };
        assert_eq!(route.to_hash(), "#/builds", "{id:?}");
        let read = Route::parse(&format!("#/builds?game={id}&ns={id}"));
        assert!(
            read.game_id.is_empty() && read.namespace_id.is_empty(),
            "{id:?}"
        );
    }
}

#[test]
fn a_query_reads_as_the_browser_reads_it() {
    // `%XX` is a byte, `+` a space (so no id), bytes that are not UTF-8 are
    // no id, and the first of a repeated key counts.
    let game = |query: &str| {
        Route::parse(&format!("#/builds?{query}"))
            .game_id
            .to_string()
    };
    let escaped: String = GAME.bytes().map(|b| format!("%{b:02X}")).collect();
    assert_eq!(game(&format!("game={escaped}")), GAME);
    assert_eq!(
        game(&format!("game=+{GAME}")),
        GAME,
        "a space around is trimmed"
    );
    assert_eq!(game(&format!("game=%FF{GAME}")), "");
    assert_eq!(game(&format!("game={GAME}&game={NS}")), GAME);
    assert_eq!(game(&format!("ns=x&game={GAME}")), GAME);
    assert_eq!(game(&format!("gamex={GAME}")), "");
    assert_eq!(game("game"), "");
}

#[test]
fn the_builds_view_rides_along_on_the_builds_page_only() {
    // The builds page's filter, sort and range follow the ids; the other
    // pages have no view, and a link to one drops what it says.
    let view = "sort=size-desc&q=nightly+v3&tag=channel%3Dbeta";
    let route = Route::parse(&format!("#/builds?game={GAME}&{view}&ns={NS}"));
    assert_eq!(route.view, view);
    assert_eq!(route.game_id, GameId::new(GAME));
    assert_eq!(route.namespace_id, NamespaceId::new(NS));
    assert_eq!(Route::parse(&route.to_hash()), route);
    assert_eq!(
        route.to_hash(),
        format!("#/builds?game={GAME}&ns={NS}&{view}")
    );
    let elsewhere = Route::parse(&format!("#/log?{view}"));
    assert_eq!(elsewhere.view, "");
    assert_eq!(elsewhere.to_hash(), "#/log");
    let other_page = Route {
        page: Page::Log,
        ..route
    };
    assert_eq!(other_page.to_hash(), format!("#/log?game={GAME}&ns={NS}"));
}

#[test]
fn a_query_value_is_written_as_it_is_read() {
    use gamecloud::route::{form_decode, form_encode};
    for text in [
        "",
        "nightly v3",
        "a&b=c",
        "50% off",
        "é/…",
        "🎮 emoji",
        "+",
        "#x",
    ] {
        let encoded = form_encode(text);
        assert!(!encoded.contains(['&', '=', '#', ' ', '?']), "{encoded:?}");
        assert_eq!(form_decode(&encoded), text);
    }
}

#[test]
fn a_build_has_a_link_of_its_own() {
    const BUILD: &str = "366190e5-1b2c-4d3e-8f40-5a6b7c8d9e0f";
    let route = Route::parse(&format!("#/builds/{BUILD}?game={GAME}&ns={NS}"));
    assert_eq!(route.page, Page::Build);
    assert_eq!(route.build_id, BUILD);
    assert_eq!(route.game_id, GameId::new(GAME));
    assert_eq!(
        route.to_hash(),
        format!("#/builds/{BUILD}?game={GAME}&ns={NS}")
    );
    // A name, or anything else that is not an id, opens the builds page.
    for other in ["Nightly v36", "<script>", "366190e5", ""] {
        let route = Route::parse(&format!("#/builds/{other}?game={GAME}"));
        assert_eq!(route.page, Page::Builds, "{other}");
        assert_eq!(route.build_id, "");
    }
}
