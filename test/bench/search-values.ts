/** What the benches type into the asset list's search box, one value per keystroke: typing forward, backspacing, clearing. */
export const SEARCH_VALUES = ['t', 'tr', 'tru', 'truc', 'truck', 'truck ', 'truck 1', 'truck 12', 'truck 1', 'truck', 'tru', 't', '', '4', '42', '4', '', 'ex', 'exc', 'ex', 'e', ''];
