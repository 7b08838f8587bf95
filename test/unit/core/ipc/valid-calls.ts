/** One valid call per channel, for the argument check's tests. */
import type { InvokeChannel } from '../../../../src-main/contract';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';

export const goodProfile = {
  name: 'Depot North',
  baseUrl: 'https://fleet.example/api/v1',
  aempUrl: 'https://fleet.example/aemp',
  authorizeUrl: 'https://fleet.example/oauth/authorize',
  tokenUrl: 'https://fleet.example/oauth/token',
  clientId: 'desk',
  scopes: 'read',
  embedOrigins: [],
  speedUnit: 'unstated',
};

/** One valid call per channel. */
export const VALID: { [C in InvokeChannel]: unknown[] } = {
  'app:info': [],
  'status:get': [],
  'assets:get': [],
  'assets:detail': ['thing:1'],
  'assets:refresh': [],
  'embed:open': [{ kind: 'subset', assetIds: ['thing:1', 'area:22'] }],
  'embed:show': ['s-1', { x: 0, y: 40, width: 800, height: 600 }],
  'embed:hide': [],
  'settings:get': [],
  'settings:set': [{ refreshIntervalSec: 60, tileUrl: 'http://127.0.0.1:8080/{z}/{x}/{y}.png' }],
  'map:base': [],
  'profiles:list': [],
  'profiles:save': [goodProfile],
  'profiles:delete': ['depot-north'],
  'profiles:switch': ['demo'],
  'profiles:test': [{ ...goodProfile, clientSecret: 's3cr3t' }],
  'auth:signIn': ['demo'],
  'auth:cancel': [],
  'auth:pasteToken': ['demo', 'eyJhbGciOi.abc.def'],
  'auth:signOut': ['demo', true],
  'trail:get': ['thing:7', 24],
  'export:assetsCsv': [['thing:1', 'thing:2']],
  'export:positionsGeoJson': [['thing:1'], 2160],
  'aemp:list': ['2.0'],
  'aemp:cached': ['1.2'],
  'aemp:equipment': ['1.2', 'VIN1234567'],
  'aemp:history': ['EQ-1', 'Location', '2024-05-01T00:00:00Z', '2024-05-02T00:00:00Z'],
  'alerts:rules': [],
  'alerts:setRules': [defaultAlertRules()],
  'alerts:list': [{ unacknowledgedOnly: true, rule: 'low-fuel' }],
  'alerts:acknowledge': [[1, 2, 3]],
  'export:alertsCsv': [{ unacknowledgedOnly: false, rule: null }],
};

