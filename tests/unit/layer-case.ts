/** The shape of the layer test's cases (layer-cases.ts, server-layer-cases.ts). */
export type Case = [path: string, source: string]

export interface LayerCases {
  /** Each rule of the layer (a package, or a group's first pattern): files of the layer it must refuse. */
  refuses: Record<string, Case[]>
  /**
   * Each exception a rule makes (a `!` pattern, or NAMES for the names an inverted importNamePattern lets
   * through), by rule: files of the layer it lets through, which the rule would refuse without it.
   */
  excepts?: Record<string, Record<string, Case[]>>
  /** Files of the layer that no rule of it is about. */
  allows?: Case[]
}

export const NAMES = 'importNamePattern'
