/**
 * Filling in an API path. A module of its own, with no schema: the web app's first pages build
 * their requests with it without loading the contracts' schemas.
 */
/** The path with its `:params` filled in: `/v1/member/:id` + { id: 4 } → `/v1/member/4`. */
export const pathOf = (path: string, params?: Record<string, string | number>): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
