//! One HTTP exchange with Zo: POST a JSON body with the Bearer key, then read the response body
//! chunk by chunk with a ReadableStream reader. Every wait (headers, each chunk) is raced
//! against the liveness timeout; a timeout aborts the request's AbortController. Uses the global
//! `fetch` (there is no `window` in a service worker).
//!
//! The key never follows a redirect: the request is made with `redirect: "manual"`, so the
//! browser stops at a 3xx and hands back an opaque answer ([`HttpError::Redirect`]) instead of
//! sending the `Authorization` header on to the address the server named.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortController, Headers, ReadableStreamDefaultReader, Request, RequestInit, RequestRedirect,
    Response, ResponseType,
};
use zo_core::stream::ResponseHead;
use zo_core::wire::ApiKey;

use crate::cancel::CancelToken;
use crate::convert::is_abort_error;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_name = fetch)]
    fn global_fetch(request: &Request) -> Result<Promise, JsValue>;
}

/// Why an exchange did not deliver (more) bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HttpError {
    /// The session was cancelled (STOP or dead port).
    #[error("stopped")]
    Cancelled,
    /// Nothing arrived within the liveness timeout.
    #[error("no data from Zo for {0} ms")]
    Timeout(u64),
    /// Network failure or connection cut.
    #[error("network error: {0}")]
    Network(String),
    /// The request could not even be built (a bug or an unusable URL).
    #[error("request could not be built: {0}")]
    Build(String),
    /// The server answered with a redirect, which is not followed (the key would go along).
    #[error("the API answered with a redirect, which is not followed")]
    Redirect,
}

/// A response: its head and the body to read.
pub struct HttpResponse {
    response: Response,
}

/// Shared limits of one attempt.
pub struct Exchange<'a> {
    pub controller: &'a AbortController,
    pub cancel: &'a CancelToken,
    pub liveness_ms: u64,
}

impl Exchange<'_> {
    /// Awaits `promise` unless the liveness timeout passes first (then aborts the request).
    async fn wait(&self, promise: Promise) -> Result<JsValue, HttpError> {
        let ms = u32::try_from(self.liveness_ms).unwrap_or(u32::MAX);
        match zo_chrome::fetch::within(promise, ms).await {
            Some(Ok(value)) => Ok(value),
            Some(Err(err)) => Err(self.classify(&err)),
            None => {
                self.controller.abort();
                if self.cancel.is_cancelled() {
                    Err(HttpError::Cancelled)
                } else {
                    Err(HttpError::Timeout(self.liveness_ms))
                }
            }
        }
    }

    fn classify(&self, err: &JsValue) -> HttpError {
        if self.cancel.is_cancelled() {
            HttpError::Cancelled
        } else if is_abort_error(err) {
            HttpError::Network("request aborted".into())
        } else {
            HttpError::Network(zo_chrome::error_text(err))
        }
    }

    /// POSTs `body` (JSON text) to `url` with `Authorization: Bearer <api_key>`, never
    /// following a redirect.
    pub async fn post_json(
        &self,
        url: &str,
        api_key: &ApiKey,
        body: &str,
    ) -> Result<HttpResponse, HttpError> {
        self.send("POST", url, api_key, Some(body)).await
    }

    /// GETs `url` (a JSON answer) with `Authorization: Bearer <api_key>`, never following a
    /// redirect.
    pub async fn get_json(&self, url: &str, api_key: &ApiKey) -> Result<HttpResponse, HttpError> {
        self.send("GET", url, api_key, None).await
    }

    async fn send(
        &self,
        method: &str,
        url: &str,
        api_key: &ApiKey,
        body: Option<&str>,
    ) -> Result<HttpResponse, HttpError> {
        let build = |e: JsValue| HttpError::Build(zo_chrome::error_text(&e));
        let headers = Headers::new().map_err(build)?;
        if body.is_some() {
            headers
                .set("Content-Type", "application/json")
                .map_err(build)?;
        }
        headers
            .set("Accept", "text/event-stream, application/json")
            .map_err(build)?;
        headers
            .set("Authorization", &format!("Bearer {}", api_key.expose()))
            .map_err(build)?;
        let init = RequestInit::new();
        init.set_method(method);
        init.set_headers(&headers);
        if let Some(body) = body {
            init.set_body(&JsValue::from_str(body));
        }
        init.set_signal(Some(&self.controller.signal()));
        init.set_redirect(RequestRedirect::Manual);
        let request = Request::new_with_str_and_init(url, &init).map_err(build)?;
        let promise = global_fetch(&request).map_err(|e| self.classify(&e))?;
        let response: Response = self
            .wait(promise)
            .await?
            .dyn_into()
            .map_err(|_| HttpError::Network("fetch did not return a Response".into()))?;
        if response.type_() == ResponseType::Opaqueredirect {
            return Err(HttpError::Redirect);
        }
        Ok(HttpResponse { response })
    }
}

impl HttpResponse {
    /// The status and the headers the ask driver reads; `now_ms` is when it arrived.
    pub fn head(&self, now_ms: u64) -> ResponseHead {
        let header = |name: &str| self.response.headers().get(name).ok().flatten();
        ResponseHead {
            status: self.response.status(),
            content_type: header("content-type").unwrap_or_default(),
            conversation_id: header("x-conversation-id").filter(|s| !s.is_empty()),
            retry_after: header("retry-after"),
            date: header("date"),
            received_at_ms: now_ms,
        }
    }

    /// A reader over the body (None when the response has no body).
    pub fn reader(&self) -> Option<BodyReader> {
        let body = self.response.body()?;
        let reader: ReadableStreamDefaultReader = body.get_reader().dyn_into().ok()?;
        Some(BodyReader { reader })
    }
}

/// Reads a response body chunk by chunk.
pub struct BodyReader {
    reader: ReadableStreamDefaultReader,
}

impl BodyReader {
    /// The next chunk, or None at the end of the body.
    pub async fn next(&self, exchange: &Exchange<'_>) -> Result<Option<Vec<u8>>, HttpError> {
        let result = exchange.wait(self.reader.read()).await?;
        zo_chrome::fetch::chunk(&result).map_err(HttpError::Network)
    }

    /// Stops reading and releases the connection (used once a terminal event arrived).
    pub fn close(self) {
        // Awaited in the background so a rejection is handled, never an unhandled one.
        let cancelled = JsFuture::from(self.reader.cancel());
        wasm_bindgen_futures::spawn_local(async move {
            let _ = cancelled.await;
        });
    }
}
