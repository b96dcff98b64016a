// The live verdict: after each edit the page asks POST /api/unique on channel "verdict".
//
// Edits come faster than answers, so: a short debounce gathers a burst of edits into one request;
// a new request aborts the fetch of the previous one (AbortController) and, being on the same
// channel, makes the server cancel its solve (the old one answers 409, which is ignored); and a
// sequence number drops any answer that is not for the latest request, whatever order the
// answers arrive in.

import {post, ApiError} from './api.js';

export function createLiveVerdict({onStart, onAnswer, onError, delayMs = 10}) {
  let timer = null;
  let controller = null;
  let latest = 0;

  function cancel() {
    clearTimeout(timer);
    timer = null;
    if (controller) controller.abort();
    controller = null;
    ++latest;
  }

  async function run(body) {
    const ticket = ++latest;
    if (controller) controller.abort();
    controller = new AbortController();
    const signal = controller.signal;
    const started = performance.now();
    onStart();
    try {
      const record = await post('unique', {...body, channel: 'verdict'}, signal);
      if (ticket === latest) onAnswer(record, performance.now() - started);
    } catch (error) {
      if (ticket !== latest || error.name === 'AbortError') return;
      if (error instanceof ApiError && error.status === 409) return;
      onError(error, performance.now() - started);
    } finally {
      if (ticket === latest) controller = null;
    }
  }

  // Checks `body` ({puzzle, rules}) once no newer edit has come for delayMs.
  function schedule(body) {
    cancel();
    timer = setTimeout(() => run(body), delayMs);
  }

  return {schedule, cancel};
}
