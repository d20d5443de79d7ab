/**
 * The in-app path to go to after login: the startURL query parameter when it
 * is a same-site path, '/' otherwise. A path under the site base path is made
 * relative to it (the router works below the base path).
 */
export function safeStartPath(startURL: string | null | undefined, basePath: string, origin: string): string {
  if (!startURL) return '/';
  const value = startURL.trim();
  // Only site-relative paths: no scheme, no protocol-relative //host, no \ tricks, no control characters.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  let path = url.pathname;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
    path = path.slice(basePath.length) || '/';
  }
  if (path === '/login' || path === '/logout') return '/';
  return path + url.search + url.hash;
}
