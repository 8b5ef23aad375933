/** The seven departments of spec §3, in spec order. */
export const DEPARTMENTS = ['Production/Broadcast', 'Events', 'Facilities', 'Production Management', 'Operations', 'Security', 'IT'] as const;

export type Department = (typeof DEPARTMENTS)[number];

export function isDepartment(value: unknown): value is Department {
  return typeof value === 'string' && (DEPARTMENTS as readonly string[]).includes(value);
}

/**
 * Department names appear in routes (/venue/{id}/department/{departmentName});
 * 'Production/Broadcast' contains a slash, so always encode it.
 */
export function departmentPathSegment(department: Department): string {
  return encodeURIComponent(department);
}

/** Inverse of departmentPathSegment; undefined when the segment names no department. */
export function departmentFromPathSegment(segment: string): Department | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isDepartment(decoded) ? decoded : undefined;
}
