//! Minimal HTTP/1.1 for the dev server: reading one request (head and Content-Length body)
//! and writing response heads, JSON bodies and chunked bodies. Every response closes the
//! connection (`Connection: close`).

use std::io::{self, Read, Write};

/// Largest request head accepted.
const MAX_HEAD: usize = 64 * 1024;
/// Largest request body accepted (page snapshots can be big).
const MAX_BODY: usize = 32 * 1024 * 1024;

/// One parsed request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    /// The path without the query.
    pub path: String,
    pub query: Option<String>,
    /// Header names lowercased, in arrival order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first header called `name` (lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why no request could be read.
#[derive(Debug)]
pub enum ReadError {
    /// The client closed the connection before sending a request.
    Closed,
    /// Not a request we understand (answered with 400).
    Malformed(String),
    /// Head or body too large (answered with 413).
    TooLarge,
    Io(io::Error),
}

/// Reads one request from `input`.
pub fn read_request(input: &mut impl Read) -> Result<Request, ReadError> {
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 8192];
    // Where the search for the blank line resumes (each byte is scanned about once).
    let mut scanned = 0;
    let head_end = loop {
        if let Some(end) = find(&buf[scanned..], b"\r\n\r\n") {
            break scanned + end;
        }
        scanned = buf.len().saturating_sub(3);
        if buf.len() > MAX_HEAD {
            return Err(ReadError::TooLarge);
        }
        let n = input.read(&mut chunk).map_err(ReadError::Io)?;
        if n == 0 {
            return Err(if buf.is_empty() {
                ReadError::Closed
            } else {
                ReadError::Malformed("connection closed inside the request head".to_owned())
            });
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = std::str::from_utf8(&buf[..head_end])
        .map_err(|_| ReadError::Malformed("request head is not UTF-8".to_owned()))?;
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(ReadError::Malformed(format!(
            "bad request line {request_line:?}"
        )));
    };
    if !version.starts_with("HTTP/1.") || method.is_empty() || !target.starts_with('/') {
        return Err(ReadError::Malformed(format!(
            "bad request line {request_line:?}"
        )));
    }
    let mut headers = Vec::new();
    for line in lines {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| ReadError::Malformed(format!("bad header line {line:?}")))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p.to_owned(), Some(q.to_owned())),
        None => (target.to_owned(), None),
    };
    let mut request = Request {
        method: method.to_owned(),
        path,
        query,
        headers,
        body: Vec::new(),
    };
    if request.header("transfer-encoding").is_some() {
        return Err(ReadError::Malformed(
            "chunked request bodies are not supported; send Content-Length".to_owned(),
        ));
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| ReadError::Malformed(format!("bad Content-Length {v:?}")))?,
    };
    if length > MAX_BODY {
        return Err(ReadError::TooLarge);
    }
    let mut body = buf.split_off(head_end + 4);
    body.truncate(length);
    if body.len() < length {
        let start = body.len();
        body.resize(length, 0);
        input
            .read_exact(&mut body[start..])
            .map_err(|e| match e.kind() {
                io::ErrorKind::UnexpectedEof => {
                    ReadError::Malformed("connection closed inside the request body".to_owned())
                }
                _ => ReadError::Io(e),
            })?;
    }
    request.body = body;
    Ok(request)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        307 => "Temporary Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Payload Too Large",
        422 => "Unprocessable Entity",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Writes the status line and headers (plus `Connection: close`) and the blank line.
pub fn write_head(
    out: &mut impl Write,
    status: u16,
    headers: &[(String, String)],
) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status} {}\r\nConnection: close\r\n",
        reason(status)
    );
    for (name, value) in headers {
        head.push_str(name);
        head.push_str(": ");
        head.push_str(value);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())?;
    out.flush()
}

/// Writes a complete response with a body of known length.
pub fn write_full(
    out: &mut impl Write,
    status: u16,
    mut headers: Vec<(String, String)>,
    content_type: &str,
    body: &[u8],
) -> io::Result<()> {
    if status != 204 {
        headers.push(("Content-Type".to_owned(), content_type.to_owned()));
        headers.push(("Content-Length".to_owned(), body.len().to_string()));
    }
    write_head(out, status, &headers)?;
    out.write_all(body)?;
    out.flush()
}

/// Writes a complete JSON response.
pub fn write_json(
    out: &mut impl Write,
    status: u16,
    headers: Vec<(String, String)>,
    value: &serde_json::Value,
) -> io::Result<()> {
    write_full(
        out,
        status,
        headers,
        "application/json",
        value.to_string().as_bytes(),
    )
}

/// One HTTP chunk (`len-hex CRLF bytes CRLF`) in a single write.
pub fn write_chunk(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    if bytes.is_empty() {
        return Ok(());
    }
    let mut piece = format!("{:x}\r\n", bytes.len()).into_bytes();
    piece.extend_from_slice(bytes);
    piece.extend_from_slice(b"\r\n");
    out.write_all(&piece)?;
    out.flush()
}

/// The last chunk of a chunked body.
pub fn write_last_chunk(out: &mut impl Write) -> io::Result<()> {
    out.write_all(b"0\r\n\r\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_head_and_body() {
        let raw =
            b"POST /zo/ask?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nX-A:  b \r\n\r\nbody";
        let r = read_request(&mut &raw[..]).unwrap();
        assert_eq!((r.method.as_str(), r.path.as_str()), ("POST", "/zo/ask"));
        assert_eq!(r.query.as_deref(), Some("x=1"));
        assert_eq!(r.header("x-a"), Some("b"));
        assert_eq!(r.body, b"body");
    }

    /// Hands out one byte per read.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = *first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn reads_a_request_arriving_byte_by_byte() {
        let raw = b"POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi";
        let r = read_request(&mut OneByte(raw)).unwrap();
        assert_eq!((r.path.as_str(), r.body.as_slice()), ("/a", &b"hi"[..]));
    }

    #[test]
    fn rejects_bad_requests() {
        assert!(matches!(
            read_request(&mut &b""[..]),
            Err(ReadError::Closed)
        ));
        assert!(matches!(
            read_request(&mut &b"GARBAGE\r\n\r\n"[..]),
            Err(ReadError::Malformed(_))
        ));
        assert!(matches!(
            read_request(&mut &b"POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nab"[..]),
            Err(ReadError::Malformed(_))
        ));
    }

    #[test]
    fn chunk_framing() {
        let mut out = Vec::new();
        write_chunk(&mut out, b"hello world, hi").unwrap();
        write_last_chunk(&mut out).unwrap();
        assert_eq!(out, b"f\r\nhello world, hi\r\n0\r\n\r\n");
    }
}
