/**
 * What the dispatcher is doing with sites on this desk: whether the sites pane is open and
 * which site's page it shows, a shape drawn and not yet saved (with the main side's refusal,
 * if any), whether outlines are shown, and the edits that can be taken back. Sites
 * themselves come from `sitesStore` ('sites:changed'); every change goes through a call.
 */
import type { Site, SiteFromPlace, SiteInput, SiteShape } from '@contract';
import { call, errorOf } from '../lib/bridge';
import { errorText } from '../lib/format/errors';
import { deliverExport, exportDoneText } from '../lib/export/deliver';
import { countOf } from '../lib/format/numbers';
import { checkSite, draftOf, type SiteDraft, type SiteFormErrors } from '../lib/sites/site-form';
import { importDoneText } from '../lib/sites/site-label';
import { SiteUndoStack, undoLabel, type SiteCalls, type SiteEdit } from '../lib/sites/site-undo';
import { appEvents } from './events';
import { sitesStore } from './sites.svelte';
import { ui } from './ui.svelte';

/** What the map offers the sites pane: drawing, the keyboard shapes, zooming to a site, editing one's outline. */
export interface SiteMapControl {
  draw(shape: 'Polygon' | 'Rectangle' | 'Circle'): void;
  /** A circle of `radiusM` around the map's centre, as a drawn shape. */
  circleAtCentre(radiusM: number): void;
  /** The map's current view as a drawn rectangle. */
  rectangleOfView(): void;
  zoomTo(site: Site): void;
  editShape(site: Site): void;
  /** The edited outline's new shape (null: nothing was being edited); editing ends. */
  finishEdit(): SiteShape | null;
  cancelEdit(): void;
}

/** A shape drawn on the map and not saved yet (`siteId` when it is a new outline of that site). */
export interface PendingShape {
  shape: SiteShape;
  siteId: string | null;
}

const calls: SiteCalls = {
  save: (input: SiteInput) => call('sites:save', input),
  remove: (id: string) => call('sites:delete', id),
};

class SiteDesk {
  paneOpen = $state(false);
  /** The site whose page the pane shows; null: the list. */
  pageSiteId = $state<string | null>(null);
  outlinesShown = $state(true);
  pending = $state.raw<PendingShape | null>(null);
  /** The outcome of the last import (its count, or the refusal naming the feature). */
  importNote = $state.raw<{ ok: boolean; text: string } | null>(null);
  busy = $state(false);
  /** The map's side, while the map is open. */
  map = $state.raw<SiteMapControl | null>(null);
  /** The site whose outline is being edited on the map. */
  editingSiteId = $state<string | null>(null);

  readonly #undo = new SiteUndoStack();
  /** Bumped when the stack changes, so the Undo button follows it. */
  #undoVersion = $state(0);
  readonly nextUndo: SiteEdit | null = $derived.by(() => {
    void this.#undoVersion;
    return this.#undo.peek();
  });
  readonly undoText: string = $derived(undoLabel(this.nextUndo));

  constructor() {
    // Another branch has other sites: an undo must never write the last branch's site into it.
    appEvents.on('profile-switched', () => this.#branchSwitched());
  }

  #branchSwitched(): void {
    this.#undo.clear();
    this.#undoVersion++;
    this.pending = null;
    this.pageSiteId = null;
    this.editingSiteId = null;
    this.importNote = null;
  }

  openPane(): void {
    this.paneOpen = true;
  }

  closePane(): void {
    this.paneOpen = false;
    this.pageSiteId = null;
  }

  openSite(id: string): void {
    this.pageSiteId = id;
    this.paneOpen = true;
  }

  /** A shape came from the map (drawn, or made with the keyboard): the form opens for it. */
  setPending(shape: SiteShape, siteId: string | null = null): void {
    this.pending = { shape, siteId };
    this.paneOpen = true;
  }

  cancelPending(): void {
    this.pending = null;
  }

  /** Saves the drawn shape as a new site: null when saved, else the messages per field (the shape stays). */
  async saveDrawn(draft: SiteDraft): Promise<SiteFormErrors | null> {
    const pending = this.pending;
    if (!pending) return null;
    const before = pending.siteId ? (sitesStore.byId.get(pending.siteId) ?? null) : null;
    const saved = await this.#save(draft, pending.shape, before);
    if (saved.ok && this.pending === pending) this.pending = null;
    return saved.ok ? null : saved.errors;
  }

  /** Saves a site's name, kind and notes (its outline stays): null when saved, else the messages per field. */
  async saveDetails(site: Site, draft: SiteDraft): Promise<SiteFormErrors | null> {
    const saved = await this.#save(draft, site.shape, site);
    return saved.ok ? null : saved.errors;
  }

  /** Starts reshaping a site's outline on the map. */
  startEdit(site: Site): void {
    if (!this.map) {
      ui.notify("Open the map to edit a site's outline");
      return;
    }
    this.editingSiteId = site.id;
    this.map.editShape(site);
  }

  /** Saves the outline being edited on the map; a refusal is shown and the old outline stays. */
  async finishEdit(): Promise<void> {
    const site = this.editingSiteId ? sitesStore.byId.get(this.editingSiteId) : undefined;
    const shape = this.map?.finishEdit() ?? null;
    this.editingSiteId = null;
    if (!site || !shape) return;
    const saved = await this.#save(draftOf(site), shape, site);
    if (!saved.ok) ui.fail({ kind: 'invalid-argument', message: `Outline of ${site.name} not saved: ${Object.values(saved.errors)[0] ?? 'refused'}` });
  }

  cancelEdit(): void {
    this.map?.cancelEdit();
    this.editingSiteId = null;
  }

  async #save(draft: SiteDraft, shape: SiteShape, before: Site | null): Promise<{ ok: true; site: Site } | { ok: false; errors: SiteFormErrors }> {
    const checked = checkSite(draft, shape, before?.id, before?.regionCode ?? null);
    if (!checked.ok) return checked;
    this.busy = true;
    try {
      const site = await calls.save(checked.input);
      this.#push(before ? { kind: 'edited', before } : { kind: 'created', site });
      ui.notify(before ? `Saved ${site.name}` : `Added site ${site.name}`);
      return { ok: true, site };
    } catch (err) {
      const error = errorOf(err);
      // A refusal about one field shows next to it; anything else (the outline) above the buttons.
      const field = error.path?.match(/\b(name|kind|notes)\b/)?.[1] as keyof SiteFormErrors | undefined;
      return { ok: false, errors: { [field ?? 'shape']: errorText(error) } };
    } finally {
      this.busy = false;
    }
  }

  async remove(site: Site): Promise<boolean> {
    try {
      await calls.remove(site.id);
      this.#push({ kind: 'deleted', before: site });
      if (this.pageSiteId === site.id) this.pageSiteId = null;
      ui.notify(`Deleted ${site.name} (Undo puts it back)`);
      return true;
    } catch (err) {
      ui.fail(err);
      return false;
    }
  }

  async undo(): Promise<void> {
    if (!this.#undo.peek()) {
      ui.notify('No site edit to undo');
      return;
    }
    try {
      const edit = await this.#undo.undo(calls);
      this.#undoVersion++;
      if (edit) ui.notify(`${undoLabel(edit).replace(/^Undo/, 'Undid')}`);
    } catch (err) {
      ui.fail(err);
    }
  }

  async importText(text: string): Promise<void> {
    try {
      const result = await call('sites:import', text);
      this.importNote = { ok: true, text: importDoneText(result.imported, result.replaced) };
    } catch (err) {
      this.importNote = { ok: false, text: `Nothing imported: ${errorText(errorOf(err))}` };
    }
  }

  async exportSites(): Promise<void> {
    try {
      const result = await call('sites:export');
      const message = deliverExport(result, (how, where) => exportDoneText(how, where, countOf(result.count, 'site')));
      if (message) ui.notify(message);
    } catch (err) {
      ui.fail(err);
    }
  }

  /** Turns one of the service's places into a circle site; returns the refusal's words, or null when made. */
  async fromPlace(request: SiteFromPlace): Promise<string | null> {
    try {
      const site = await call('sites:fromPlace', request);
      this.#push({ kind: 'created', site });
      ui.notify(`Added site ${site.name}`);
      return null;
    } catch (err) {
      return errorText(errorOf(err));
    }
  }

  #push(edit: SiteEdit): void {
    this.#undo.push(edit);
    this.#undoVersion++;
  }

  dispose(): void {
    this.paneOpen = false;
    this.pageSiteId = null;
    this.outlinesShown = true;
    this.busy = false;
    this.#branchSwitched();
  }
}

export const siteDesk = new SiteDesk();
