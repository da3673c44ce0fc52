/** The portal a staff screen is in, and so the base of its links: program staff's or the platform administrators'. */
export type StaffBase = 'program' | 'admin';
