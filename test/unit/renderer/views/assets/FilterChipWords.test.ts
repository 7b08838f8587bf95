import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import AssetsPane from '../../../../../src-renderer/src/views/assets/AssetsPane.svelte';
import { asset, metric, NOW, snapshot, resetStores } from '../../fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';

afterEach(cleanup);

describe('type filter chips', () => {
  it("say Equipment and Places, and keep the service's words in their tooltips", () => {
    resetStores(() => NOW);
    assets.setSnapshot(snapshot([asset(1, {}, { fuel: metric(40) }), asset(2, { type: 'area', assetId: 'area:2' }, {})]));
    render(AssetsPane, {});
    expect(screen.getByRole('button', { name: /^Equipment 1/ })).toHaveAttribute('title', 'The service calls these things');
    expect(screen.getByRole('button', { name: /^Places 1/ })).toHaveAttribute('title', 'The service calls these areas');
    expect(screen.queryByRole('button', { name: /^(Things|Areas)\b/ })).not.toBeInTheDocument();
  });
});
