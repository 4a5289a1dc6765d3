//! The brief's proxy port table.

use gamecloud::model::PortProtocol;
use gamecloud::ports::*;

#[test]
fn the_proxy_returns_the_briefs_ports() {
    let cases = [
        (PortProtocol::Http, ProxyPort::Fixed { port: 80 }),
        (PortProtocol::Https, ProxyPort::Fixed { port: 443 }),
        (
            PortProtocol::Tcp,
            ProxyPort::Assigned {
                min: 26000,
                max: 31999,
                tls_added: false,
            },
        ),
        (
            PortProtocol::Udp,
            ProxyPort::Assigned {
                min: 26000,
                max: 31999,
                tls_added: false,
            },
        ),
        (
            PortProtocol::TcpTls,
            ProxyPort::Assigned {
                min: 26000,
                max: 31999,
                tls_added: true,
            },
        ),
        (PortProtocol::Other("quic".into()), ProxyPort::Unknown),
    ];
    for (protocol, expected) in cases {
        assert_eq!(proxy_port(&protocol), expected, "{protocol}");
    }
    assert!(proxy_port(&PortProtocol::TcpTls).describe().contains("TLS"));
    assert_eq!(proxy_port(&PortProtocol::Https).describe(), "443");
}

#[test]
fn a_dev_token_bypasses_the_proxy_and_returns_the_configured_address() {
    assert_eq!(
        dev_token_address("127.0.0.1", Some(8080), None),
        "127.0.0.1:8080"
    );
    assert_eq!(
        dev_token_address("192.168.1.20", None, Some((7000, 7010))),
        "192.168.1.20:7000-7010"
    );
    assert_eq!(dev_token_address("::1", Some(7777), None), "[::1]:7777");
}
