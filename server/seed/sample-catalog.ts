/** A small catalog for a first start: industries served, services offered, products sold. */
import type { CatalogName } from '../../src/domain/catalog'
import type { RichText } from '../../src/domain/rich-text'

const paragraph = (text: string) => ({ type: 'paragraph' as const, children: [{ text }] })
const bullets = (...items: string[]) => ({
  type: 'bulleted-list' as const,
  children: items.map((text) => ({ type: 'list-item' as const, children: [{ text }] })),
})

export const SAMPLE_CATALOG: Record<CatalogName, { name: string; description: RichText }[]> = {
  industries: [
    {
      name: 'Oil & Gas',
      description: [
        paragraph('Upstream platforms, midstream pipelines and downstream refineries.'),
        bullets('Shutdown and turnaround planning', 'Integrity and inspection'),
      ],
    },
    {
      name: 'Petrochemicals',
      description: [
        paragraph('Crackers, polymer plants and specialty chemical sites running around the clock.'),
      ],
    },
    {
      name: 'Power Generation',
      description: [paragraph('Gas turbines, combined-cycle plants and the grid assets behind them.')],
    },
    {
      name: 'Mining & Metals',
      description: [paragraph('Processing plants and heavy equipment far from the nearest city.')],
    },
  ],
  services: [
    {
      name: 'Turnaround Planning',
      description: [
        paragraph(
          'Scope, schedule and staff a plant shutdown so the unit is back on line on the day promised.',
        ),
        bullets('Work-pack preparation', 'Critical-path scheduling', 'Contractor coordination'),
      ],
    },
    {
      name: 'Maintenance Engineering',
      description: [paragraph('Reliability studies, maintenance strategies and spare-parts plans.')],
    },
    {
      name: 'Site Logistics',
      description: [paragraph('Laydown areas, lifting plans and material tracking for busy sites.')],
    },
  ],
  products: [
    {
      name: 'Outpost Field Tablet',
      description: [
        paragraph('A rugged tablet with the Outpost CRM installed, for site visits without signal.'),
      ],
    },
    {
      name: 'Valve Inspection Kit',
      description: [
        paragraph('Everything an inspector needs for a day of valve checks.'),
        bullets('Ultrasonic thickness gauge', 'Torque wrench set', 'Tag printer'),
      ],
    },
    {
      name: 'Shutdown Planning Toolkit',
      description: [paragraph('Templates and checklists that have run more than two hundred turnarounds.')],
    },
  ],
}
