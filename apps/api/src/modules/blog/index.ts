import type { KoraModule } from '../module';
import { blogRoutes } from './blog.routes';

/** The public blog, robots.txt and the sitemap (articles are published by `kora publish`). */
export const blogModule: KoraModule = {
  name: 'blog',
  prefixes: ['/robots.txt', '/sitemap.xml'],
  routes: blogRoutes,
};

// What the app, server and CLI may call: articles for the site, and publishing.
export { articleBySlug, listArticles, publishArticle } from './blog.service';
export { demoArticlesDir, PublishError, publishDemoArticles, publishFiles } from './blog.publish';
