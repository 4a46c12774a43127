/** Each session has its own address, `/s/<id>`: reload, back and forward return to it. */
const SESSION_PATH = /^\/s\/([^/]+)\/?$/;

export function sessionInPath(): string | undefined {
  const match = SESSION_PATH.exec(location.pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Puts the session (or none) in the address bar as a new history entry, unless it is there. */
export function showRoute(id: string | undefined): void {
  const target = id ? `/s/${encodeURIComponent(id)}` : '/';
  if (location.pathname !== target) history.pushState(null, '', target);
}
