/*
 * The public site's browser script (a few kB, no framework): the pages are rendered on the
 * server, this only adds the interactive parts. Its stylesheet is inlined in each page.
 */
import './site.css';
import { initSite } from './client/init';

initSite(document, new AbortController().signal);
