/**
 * The lab run the site's figures draw, declared by name (a file in content/lab-results/ without
 * `.json`). A newer run does not replace it on its own: declare it here, after checking that its
 * figures hold what the chapters say of them. Runs of schema version 1 (one unrepeated window per
 * cell, the proxies on the load generator's event loop, a 3 s client deadline during member stops)
 * stay committed for the record but are not drawn.
 */
export const DRAWN_LAB_RUN = 'lab-vm-2026-12-03T001442Z';
