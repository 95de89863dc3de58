//! The host of a web address, read as Chrome reads it, and the address space it lies in
//! (public Internet, private network, this computer).
//!
//! Reading follows the URL Standard's host parser for ASCII input: a bracketed IPv6 literal;
//! else a name whose last label is a number is an IPv4 address in any of the forms browsers
//! accept (`127.1`, `0x7f.0.0.1`, `0177.0.0.1`, `2130706433`); else a domain, lower-cased.
//! A host the browser would first decode or map (percent-escapes, non-ASCII characters such
//! as full-width digits) is refused as unreadable here: deciding on it would mean guessing
//! what the browser makes of it. Browsers hand out links and form actions already in ASCII
//! (punycode), so only hand-written addresses meet that refusal.

use std::fmt;

/// A host, as it takes part in an origin.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Host {
    /// A lower-case ASCII domain name (punycode for international names). A trailing dot is
    /// kept, as browsers keep it: `example.com.` is another origin than `example.com`.
    Domain(String),
    V4([u8; 4]),
    V6([u16; 8]),
}

/// Why a host cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    #[error("the address has no host")]
    Empty,
    #[error("the host has characters the extension does not decode (escapes or non-ASCII): write it in plain ASCII, with punycode for international names")]
    NotAscii,
    #[error("the host is not a valid IPv4 address")]
    BadIpv4,
    #[error("the host is not a valid IPv6 address")]
    BadIpv6,
    #[error("the host has characters no host may have")]
    Forbidden,
}

/// Where an address leads. Ordered from the most public to the most private.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AddressSpace {
    /// The public Internet.
    Public,
    /// A private network (home, office), link-local and other non-public ranges.
    Private,
    /// This computer (loopback).
    Loopback,
}

impl AddressSpace {
    /// How a person would call it.
    pub fn describe(self) -> &'static str {
        match self {
            AddressSpace::Public => "the public web",
            AddressSpace::Private => "a private network address",
            AddressSpace::Loopback => "an address on this computer",
        }
    }
}

/// Domain suffixes that only resolve inside a private network (mDNS, RFC 8375, ICANN's
/// private-use `internal`, and names ICANN will never delegate because networks use them).
const PRIVATE_SUFFIXES: [&str; 6] = ["local", "internal", "home.arpa", "lan", "corp", "home"];

impl Host {
    /// Reads the host part of an address (without port or brackets removed: an IPv6 literal
    /// comes with its brackets).
    pub fn parse(raw: &str) -> Result<Host, HostError> {
        if raw.is_empty() {
            return Err(HostError::Empty);
        }
        if let Some(inner) = raw.strip_prefix('[') {
            let inner = inner.strip_suffix(']').ok_or(HostError::BadIpv6)?;
            return parse_ipv6(inner).map(Host::V6).ok_or(HostError::BadIpv6);
        }
        if !raw.is_ascii() || raw.contains('%') {
            return Err(HostError::NotAscii);
        }
        let lower = raw.to_ascii_lowercase();
        const FORBIDDEN: &[u8] = b"\0\t\n\r #/:<>?@[\\]^|";
        if lower
            .bytes()
            .any(|b| FORBIDDEN.contains(&b) || b < 0x20 || b == 0x7f)
        {
            return Err(HostError::Forbidden);
        }
        if ends_in_number(&lower) {
            return parse_ipv4(&lower).map(Host::V4).ok_or(HostError::BadIpv4);
        }
        Ok(Host::Domain(lower))
    }

    /// The address space this host lies in, judged from its name alone (a public name that
    /// resolves to a private address is not caught here: that needs DNS).
    pub fn address_space(&self) -> AddressSpace {
        match self {
            Host::V4(a) => ipv4_space(*a),
            Host::V6(a) => ipv6_space(*a),
            Host::Domain(name) => {
                let name = name.strip_suffix('.').unwrap_or(name);
                let under = |suffix: &str| {
                    name == suffix
                        || name
                            .strip_suffix(suffix)
                            .is_some_and(|rest| rest.ends_with('.'))
                };
                if under("localhost") {
                    AddressSpace::Loopback
                } else if !name.contains('.') || PRIVATE_SUFFIXES.iter().any(|s| under(s)) {
                    // A name without a dot is completed by the network's search domains.
                    AddressSpace::Private
                } else {
                    AddressSpace::Public
                }
            }
        }
    }

    /// The domain name without its trailing dot, for domains.
    pub fn domain(&self) -> Option<&str> {
        match self {
            Host::Domain(d) => Some(d.strip_suffix('.').unwrap_or(d)),
            _ => None,
        }
    }
}

impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(d) => f.write_str(d),
            Host::V4([a, b, c, d]) => write!(f, "{a}.{b}.{c}.{d}"),
            Host::V6(pieces) => {
                f.write_str("[")?;
                write_ipv6(f, pieces)?;
                f.write_str("]")
            }
        }
    }
}

/// The URL Standard's "ends in a number": the last label (a trailing empty one ignored) is
/// all digits, or `0x` followed by hex digits.
fn ends_in_number(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    let last = host.rsplit('.').next().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    match last.strip_prefix("0x") {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => false,
    }
}

/// One IPv4 part: decimal, `0x` hex or `0` octal, as browsers read it.
fn ipv4_number(part: &str) -> Option<u64> {
    if part.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(hex) = part.strip_prefix("0x") {
        (hex, 16)
    } else if part.len() > 1 && part.starts_with('0') {
        (&part[1..], 8)
    } else {
        (part, 10)
    };
    if digits.is_empty() {
        return Some(0);
    }
    // Longer than any 32-bit value in any radix: out of range (and no overflow below).
    if digits.len() > 32 {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// The URL Standard's IPv4 parser: 1 to 4 parts; every part but the last is one byte, the
/// last fills the remaining bytes.
fn parse_ipv4(host: &str) -> Option<[u8; 4]> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let numbers = parts
        .iter()
        .map(|p| ipv4_number(p))
        .collect::<Option<Vec<u64>>>()?;
    let (last, init) = numbers.split_last()?;
    if init.iter().any(|n| *n > 255) {
        return None;
    }
    let room = 8 * (5 - numbers.len() as u32);
    if *last >= 1u64 << room {
        return None;
    }
    let mut value = *last;
    for (i, n) in init.iter().enumerate() {
        value += n << (8 * (3 - i as u32));
    }
    Some((value as u32).to_be_bytes())
}

/// An IPv6 literal (without brackets): eight 16-bit pieces, one `::` run of zeros, and an
/// optional dotted IPv4 tail.
fn parse_ipv6(s: &str) -> Option<[u16; 8]> {
    let (head, tail) = match s.find("::") {
        Some(i) => (&s[..i], Some(&s[i + 2..])),
        None => (s, None),
    };
    let pieces = |part: &str| -> Option<Vec<u16>> {
        if part.is_empty() {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        let groups: Vec<&str> = part.split(':').collect();
        for (i, g) in groups.iter().enumerate() {
            if i == groups.len() - 1 && g.contains('.') {
                let v4 = parse_dotted_quad(g)?;
                out.push(u16::from_be_bytes([v4[0], v4[1]]));
                out.push(u16::from_be_bytes([v4[2], v4[3]]));
            } else {
                if g.is_empty() || g.len() > 4 || !g.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return None;
                }
                out.push(u16::from_str_radix(g, 16).ok()?);
            }
        }
        Some(out)
    };
    let front = pieces(head)?;
    let mut out = [0u16; 8];
    match tail {
        None => {
            if front.len() != 8 {
                return None;
            }
            out.copy_from_slice(&front);
        }
        Some(tail) => {
            if tail.contains("::") {
                return None;
            }
            let back = pieces(tail)?;
            if front.len() + back.len() > 7 {
                return None;
            }
            out[..front.len()].copy_from_slice(&front);
            out[8 - back.len()..].copy_from_slice(&back);
        }
    }
    Some(out)
}

/// Exactly four decimal bytes (the only IPv4 form allowed inside an IPv6 literal).
fn parse_dotted_quad(s: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = s.split('.');
    for byte in &mut out {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 3 || (p.len() > 1 && p.starts_with('0')) {
            return None;
        }
        *byte = p.parse().ok()?;
    }
    parts.next().is_none().then_some(out)
}

fn ipv4_space([a, b, c, _]: [u8; 4]) -> AddressSpace {
    let private = a == 10
        || (a == 100 && (64..128).contains(&b))
        || (a == 169 && b == 254)
        || (a == 172 && (16..32).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 192 && b == 168)
        || (a == 198 && (b == 18 || b == 19))
        || a >= 224;
    if a == 127 || a == 0 {
        AddressSpace::Loopback
    } else if private {
        AddressSpace::Private
    } else {
        AddressSpace::Public
    }
}

fn ipv6_space(p: [u16; 8]) -> AddressSpace {
    let embedded = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        ipv4_space([a, b, c, d])
    };
    match p {
        // :: and ::1
        [0, 0, 0, 0, 0, 0, 0, 0 | 1] => AddressSpace::Loopback,
        // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d
        [0, 0, 0, 0, 0, 0xffff | 0, hi, lo] => embedded(hi, lo),
        // NAT64 64:ff9b::a.b.c.d
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => embedded(hi, lo),
        // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast
        [first, ..] if first & 0xfe00 == 0xfc00 || first & 0xff00 == 0xff00 => {
            AddressSpace::Private
        }
        [first, ..] if first & 0xffc0 == 0xfe80 || first & 0xffc0 == 0xfec0 => {
            AddressSpace::Private
        }
        _ => AddressSpace::Public,
    }
}

/// RFC 5952 text: lower-case hex, the longest run of two or more zero pieces as `::`.
fn write_ipv6(f: &mut fmt::Formatter<'_>, p: &[u16; 8]) -> fmt::Result {
    let (mut best, mut best_len, mut i) = (8, 1, 0);
    while i < 8 {
        if p[i] == 0 {
            let start = i;
            while i < 8 && p[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                best = start;
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    let mut i = 0;
    while i < 8 {
        if i == best {
            f.write_str("::")?;
            i += best_len;
            continue;
        }
        if i > 0 && i != best + best_len {
            f.write_str(":")?;
        }
        write!(f, "{:x}", p[i])?;
        i += 1;
    }
    Ok(())
}
