/** The admin path of a program's farmer application settings. */
export function farmerApplicationSettingsPath(programUuid: string): string {
  return `/admin/program/${programUuid}/farmer-application`;
}
