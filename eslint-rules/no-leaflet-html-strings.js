/**
 * ESLint rule: Leaflet parses string content as HTML (tooltips, popups, divIcon `html`,
 * attributions), so service text handed to it as a string becomes markup. Content must
 * be an HTMLElement (or a function returning one) built with textContent.
 *
 * With type information (the renderer is linted with the TypeScript project service)
 * any argument whose type may be a string is reported, wherever the string came from.
 * Without it, string literals, template literals, concatenations and functions that
 * return one of those are reported.
 */
import ts from 'typescript';

/** Methods whose first argument Leaflet shows as HTML when it is a string. */
const CONTENT_METHODS = new Set(['bindTooltip', 'bindPopup', 'setTooltipContent', 'setPopupContent', 'setContent', 'addAttribution', 'setPrefix']);
/** Option names whose string value Leaflet shows as HTML. */
const HTML_OPTIONS = new Set(['html', 'content', 'attribution', 'prefix']);
/** Calls whose options object may carry one of those options. */
const OPTION_TAKERS = new Set(['divIcon', 'DivIcon', 'tooltip', 'Tooltip', 'popup', 'Popup', 'tileLayer', 'TileLayer', 'attribution', 'Attribution', 'wms']);

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

function isFunction(node) {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}

/** Return expressions of a function, not looking into nested functions. */
function returnedExpressions(fn) {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node !== fn && (isFunction(node) || node.type === 'FunctionDeclaration')) return;
    if (node.type === 'ReturnStatement') {
      if (node.argument) found.push(node.argument);
      return;
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(fn.body);
  return found;
}

/** Syntax alone says this is (or may be) a string. */
function looksLikeString(node) {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string';
    case 'TemplateLiteral':
    case 'TaggedTemplateExpression':
      return true;
    case 'BinaryExpression':
      return node.operator === '+' && (looksLikeString(node.left) || looksLikeString(node.right));
    case 'ConditionalExpression':
      return looksLikeString(node.consequent) || looksLikeString(node.alternate);
    case 'LogicalExpression':
      return looksLikeString(node.left) || looksLikeString(node.right);
    case 'CallExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'String';
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'TSSatisfiesExpression':
      return looksLikeString(node.expression);
    default:
      return isFunction(node) && returnedExpressions(node).some(looksLikeString);
  }
}

function typeMayBeString(type, checker, depth = 0) {
  if (depth > 4) return false;
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Any)) return true;
  if (type.isUnionOrIntersection()) return type.types.some((t) => typeMayBeString(t, checker, depth + 1));
  // A function content (Leaflet calls it with the layer): judge what it returns.
  return type.getCallSignatures().some((sig) => typeMayBeString(checker.getReturnTypeOfSignature(sig), checker, depth + 1));
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Leaflet content (tooltips, popups, divIcon html, attributions) must be DOM nodes, never strings' },
    schema: [],
    messages: {
      stringContent: 'Leaflet renders a string passed to {{where}} as HTML: build an element and set its textContent instead.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const checker = services?.program && services.esTreeNodeToTSNodeMap ? services.program.getTypeChecker() : null;

    function mayBeString(node) {
      if (looksLikeString(node)) return true;
      if (!checker) return false;
      const tsNode = services.esTreeNodeToTSNodeMap.get(node);
      return !!tsNode && typeMayBeString(checker.getTypeAtLocation(tsNode), checker);
    }

    function check(node, where) {
      if (node && node.type !== 'SpreadElement' && mayBeString(node)) context.report({ node, messageId: 'stringContent', data: { where } });
    }

    function checkOptions(args, name) {
      for (const arg of args) {
        if (arg.type !== 'ObjectExpression') continue;
        for (const prop of arg.properties) {
          if (prop.type !== 'Property' || prop.computed) continue;
          const key = prop.key.type === 'Identifier' ? prop.key.name : prop.key.value;
          if (HTML_OPTIONS.has(key)) check(prop.value, `${name}({ ${key} })`);
        }
      }
    }

    return {
      'CallExpression, NewExpression'(node) {
        const name = calleeName(node.callee);
        if (!name) return;
        if (CONTENT_METHODS.has(name) && node.type === 'CallExpression' && node.callee.type === 'MemberExpression') check(node.arguments[0], `${name}()`);
        if (OPTION_TAKERS.has(name)) checkOptions(node.arguments, name);
      },
    };
  },
};
