/**
 * A field's name as the user knows it in sync issues: its form's label
 * (records/form-fields.ts), or My Profile's for one's own account.
 */
import type { MirroredName } from '../../domain/collections'
import { PROFILE_LABELS } from '../../domain/user'
import { humanize } from '../../ui/format-value'
import { fieldLabel as formLabel } from '../records/form-fields'

const ACCOUNT_LABELS: Record<string, string> = { ...PROFILE_LABELS, userImage: 'Photo' }

export const fieldLabel = (collection: MirroredName, field: string) =>
  collection === 'users' ? (ACCOUNT_LABELS[field] ?? humanize(field)) : formLabel(collection, field, humanize)
