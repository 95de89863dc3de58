//! Scripts for Co-browse tests: named lists of answer texts (`POST /__script`). A request with
//! `[[zo:script=NAME]]` gets step 1 and binds its conversation to the script; later requests
//! of that conversation get the following steps, the last one repeating.

use std::collections::HashMap;
use std::sync::Mutex;

/// The step a request gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub script: String,
    /// 0-based step index.
    pub index: usize,
    pub text: String,
}

#[derive(Debug, Default)]
pub struct Scripts {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    scripts: HashMap<String, Vec<String>>,
    /// conversation id -> (script name, next step index)
    conversations: HashMap<String, (String, usize)>,
}

impl Scripts {
    /// Adds or replaces a script.
    pub fn define(&self, name: &str, steps: Vec<String>) -> Result<(), String> {
        if name.is_empty() {
            return Err("a script needs a non-empty name".to_owned());
        }
        if steps.is_empty() {
            return Err("a script needs at least one step".to_owned());
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.scripts.insert(name.to_owned(), steps);
        Ok(())
    }

    /// The step for a request of conversation `conversation_id` (when the client sent one)
    /// carrying `script` (when it has the directive). A conversation bound to a script gets its
    /// next step; otherwise `script` starts at step 1 in `conversation_id` or `new_id()`.
    /// `advance`: the answer will be delivered whole, so the next request gets the next step
    /// (a failed attempt does not consume its step). `Ok(None)`: no script applies.
    pub fn step(
        &self,
        conversation_id: Option<&str>,
        script: Option<&str>,
        advance: bool,
        new_id: impl FnOnce() -> String,
    ) -> Result<Option<(String, Step)>, String> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let Inner {
            scripts,
            conversations,
        } = &mut *inner;
        if let Some(conv) = conversation_id {
            if let Some((name, next)) = conversations.get_mut(conv) {
                let steps = scripts
                    .get(name.as_str())
                    .ok_or(format!("script {name:?} was removed"))?;
                let index = (*next).min(steps.len() - 1);
                let step = Step {
                    script: name.clone(),
                    index,
                    text: steps[index].clone(),
                };
                if advance {
                    *next = index + 1;
                }
                return Ok(Some((conv.to_owned(), step)));
            }
        }
        let Some(name) = script else {
            return Ok(None);
        };
        let steps = scripts.get(name).ok_or(format!(
            "unknown script {name:?}: POST it to /__script first"
        ))?;
        let step = Step {
            script: name.to_owned(),
            index: 0,
            text: steps[0].clone(),
        };
        let conv = conversation_id.map_or_else(new_id, str::to_owned);
        conversations.insert(conv.clone(), (name.to_owned(), usize::from(advance)));
        Ok(Some((conv, step)))
    }

    pub fn clear(&self) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.scripts.clear();
        inner.conversations.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_advance_and_repeat() {
        let s = Scripts::default();
        s.define("demo", vec!["one".into(), "two".into()]).unwrap();
        let (conv, first) = s
            .step(None, Some("demo"), true, || "c1".into())
            .unwrap()
            .unwrap();
        assert_eq!((conv.as_str(), first.text.as_str()), ("c1", "one"));
        let texts: Vec<String> = (0..3)
            .map(|_| {
                s.step(Some("c1"), None, true, || unreachable!())
                    .unwrap()
                    .unwrap()
                    .1
                    .text
            })
            .collect();
        assert_eq!(texts, ["two", "two", "two"]);
        assert_eq!(
            s.step(Some("other"), None, true, || "x".into()).unwrap(),
            None
        );
    }

    #[test]
    fn failed_attempts_keep_their_step() {
        let s = Scripts::default();
        s.define("d", vec!["one".into(), "two".into()]).unwrap();
        s.step(None, Some("d"), true, || "c".into()).unwrap();
        let again = s
            .step(Some("c"), None, false, || unreachable!())
            .unwrap()
            .unwrap();
        assert_eq!(again.1.text, "two");
        let retry = s
            .step(Some("c"), None, true, || unreachable!())
            .unwrap()
            .unwrap();
        assert_eq!(retry.1.text, "two");
        assert!(s.step(None, Some("missing"), true, || "c".into()).is_err());
        assert!(s.define("e", vec![]).is_err());
    }
}
