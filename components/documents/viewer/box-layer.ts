/** Which boxes the viewer draws over a page. Its own file: the toolbar and the canvas both use it. */
export type BoxLayer = "words" | "lines" | "blocks";
