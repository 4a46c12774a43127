/** An element of the page by id; the page's HTML (index.html) holds every one the features use. */
export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
