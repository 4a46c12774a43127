import type { LanguageId } from '@boocode/source-kit';
import type { SymbolKind } from './facts.js';

/** The node types of every grammar the extractor knows, by what they mean to it. */

/** Node types that declare a symbol, per language family, and the kind each becomes. */
export const DECLARATIONS: Record<string, SymbolKind> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_definition: 'function',
  function_item: 'function',
  method_definition: 'method',
  method_signature: 'method',
  // Dart's top-level function or abstract method (a method's own is inside its method_signature).
  function_signature: 'function',
  abstract_method_signature: 'method',
  // A Rust trait's `fn m(&self);`: calls through the trait resolve to it, and flows go on to the impls.
  function_signature_item: 'method',
  // A Go interface's `GetBySlug(string) (*Article, error)`: what a call on an interface-typed field reaches.
  method_elem: 'method',
  method_spec: 'method',
  method_declaration: 'method',
  constructor_declaration: 'method',
  method: 'method',
  singleton_method: 'method',
  class_declaration: 'class',
  // Kotlin's `object Registry { … }`: a singleton class.
  object_declaration: 'class',
  abstract_class_declaration: 'class',
  class_definition: 'class',
  class_specifier: 'class',
  class: 'class',
  interface_declaration: 'interface',
  // Swift's `protocol P { func f() }`, `init(…)`.
  protocol_declaration: 'interface',
  protocol_function_declaration: 'method',
  init_declaration: 'method',
  type_alias_declaration: 'type',
  enum_declaration: 'enum',
  enum_item: 'enum',
  struct_item: 'struct',
  struct_specifier: 'struct',
  trait_item: 'trait',
  trait_declaration: 'trait',
  module: 'module',
};

/** A declaration's body where the grammar gives it no `body` field: Kotlin's and Elixir's (Swift names its `body`). */
export const UNNAMED_BODIES = new Set(['function_body', 'class_body', 'do_block']);

export const CONTAINERS = new Set(['class', 'interface', 'struct', 'trait', 'module']);

/** Branches and loops: each is a decision (cyclomatic) and nests what is inside it (cognitive). */
const BRANCHES_AND_LOOPS = [
  'if_statement',
  'if_expression',
  'for_statement',
  'for_in_statement',
  'enhanced_for_statement',
  'foreach_statement',
  'for_expression',
  'while_statement',
  'while_expression',
  'loop_expression',
  'do_statement',
  'catch_clause',
  'except_clause',
  'conditional_expression',
  'ternary_expression',
];

/** Nodes that add a path through a function: branches, loops, and each case of a switch or match. */
export const DECISIONS = new Set([
  ...BRANCHES_AND_LOOPS,
  'elif_clause',
  'switch_case',
  'case_clause',
  'expression_case',
  'type_case',
  'communication_case',
  'switch_section',
  'match_arm',
  'rescue',
  'when',
  'unless',
  'until',
]);

/** Structures that nest (they raise cognitive complexity of what is inside them): the switch counts once, not per case. */
export const NESTING = new Set([
  ...BRANCHES_AND_LOOPS,
  'switch_statement',
  'switch_expression',
  'expression_switch_statement',
  'type_switch_statement',
  'match_expression',
  'match_statement',
  'try_statement',
]);

export const CALLS = new Set([
  'call_expression',
  'call',
  'new_expression',
  'method_invocation',
  'object_creation_expression',
  'invocation_expression',
  'function_call_expression',
  'member_call_expression',
  'nullsafe_member_call_expression',
  'scoped_call_expression',
]);

export const FUNCTION_VALUES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
  'lambda',
  // Go's `func(r chi.Router) { … }`
  'func_literal',
]);
export const LOGICAL = new Set(['&&', '||', '??', 'and', 'or']);

export const IMPORTS = new Set([
  'import_statement',
  'export_statement',
  'import_from_statement',
  'import_spec',
  // Kotlin's `import a.b.C`.
  'import',
  // Rust's `use crate::a::{b, c}` (PHP's trait `use` in a class is read apart).
  'use_declaration',
]);

export const JS_FAMILY = new Set<LanguageId>(['typescript', 'tsx', 'javascript']);

/**
 * Languages whose code calls into each other's in one project: a name is looked up among them,
 * never in another language's code, and an index scoped to one of them reads them all.
 */
const FAMILIES: readonly (readonly LanguageId[])[] = [[...JS_FAMILY], ['java', 'kotlin']];

/** The languages of `language`'s family, itself first when it stands alone. */
export function familyOf(language: string): readonly string[] {
  return FAMILIES.find((family) => family.includes(language as LanguageId)) ?? [language];
}

/** Identifiers in these fields name something (a declaration, a callee, a parameter) rather than read it. */
export const NOT_A_READ = new Set(['function', 'constructor', 'name', 'alias', 'pattern', 'label']);
/** …and identifiers under these parents are import/export bookkeeping, not reads. */
export const NOT_A_READ_IN = new Set([
  'import_clause',
  'namespace_import',
  'export_statement',
  'export_specifier',
]);
/** JSX names a component by its `name` field: that is a use of it. */
export const JSX_ELEMENTS = new Set(['jsx_opening_element', 'jsx_self_closing_element']);

/** Subtrees that never hold a declaration or a call: types, literals, comments. Not walked. */
export const OPAQUE = new Set([
  'type_annotation',
  'type_arguments',
  'type_parameters',
  'type_alias_declaration',
  'string',
  'comment',
  'regex',
  'number',
  'line_comment',
  'block_comment',
  'interpreted_string_literal',
  'raw_string_literal',
  'string_literal',
  // Kotlin's and Swift's types: names, never calls.
  'user_type',
  'nullable_type',
  'optional_type',
  'array_type',
]);

/** Node types the extractor looks at; every other node is only walked through. */
export const INTERESTING = new Set([
  ...Object.keys(DECLARATIONS),
  ...CALLS,
  ...FUNCTION_VALUES,
  'impl_item',
  'type_spec',
  'public_field_definition',
  'field_definition',
  // Go struct fields: `store article.Store` types `h.store`.
  'field_declaration',
  // Python attribute reads: a `@property`'s getter runs.
  'attribute',
  // Dart's calls: a selector holding the arguments.
  'selector',
  // C#'s `(IQueryArticles articles) => articles.List()`: its typed parameters type its receivers.
  'lambda_expression',
  'variable_declarator',
  'assignment',
  // CommonJS's `module.exports = …`.
  'assignment_expression',
  'short_var_declaration',
  // Kotlin's `val x: T = …`, `package a.b`, and references to functions (`repo::save`, `::User`).
  'property_declaration',
  'package_header',
  'navigation_expression',
  'callable_reference',
  'var_spec',
  'use_declaration',
  'import_statement',
  'import_from_statement',
  'import_spec',
  'export_statement',
  'import',
]);
