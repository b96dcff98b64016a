// Calls to numberlink serve's JSON API (docs/serve.md). Every endpoint but GET /api/info is a
// POST of a JSON body; errors come back as {"error": message} with a 4xx/5xx status, which
// become ApiError so that the page can show the server's own message.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function failure(response) {
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) message = body.error;
  } catch { /* not JSON: keep the status line */ }
  return new ApiError(response.status, message);
}

export async function getInfo() {
  const response = await fetch('/api/info');
  if (!response.ok) throw await failure(response);
  return response.json();
}

// POST /api/<name>; `signal` (an AbortSignal) lets a newer request abandon this one.
export async function post(name, body, signal = undefined) {
  const response = await fetch(`/api/${name}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

// POST /api/render: the picture as a Blob (image/svg+xml or image/png).
export async function postForBlob(name, body) {
  const response = await fetch(`/api/${name}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return response.blob();
}
