/** Any address the site does not know. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <div className="container section-tight">
      <div className="state">
        <p className="eyebrow">Error 404</p>
        <h1>Page not found</h1>
        <p>
          We could not find <code className="path">{path}</code>. It may have moved, or the address
          may be mistyped.
        </p>
        <ul className="state-links">
          <li>
            <a className="btn btn-primary" href="/">
              Go to the home page
            </a>
          </li>
          <li>
            <a className="btn btn-secondary" href="/blog">
              Read the blog
            </a>
          </li>
          <li>
            <a className="btn btn-secondary" href="/login">
              Log in
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
