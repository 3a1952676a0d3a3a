import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// `docusaurus.config.{js,ts,mjs}` read as literals, never run (format.md §16): the forms Docusaurus'
/// own templates and site write the configuration in.
@Suite("JavaScript configuration literals")
struct JSLiteralsTests {
    static func read(_ text: String) -> ConfigValue? { JSLiterals(bytes(text)).exported }

    @Test func theExportForms() {
        // module.exports (Docusaurus' docs plugin fixture `simple-site/docusaurus.config.js`, shortened).
        let commonJS = JSLiteralsTests.read("""
            /** @type {import('@docusaurus/types').Config} */
            module.exports = {
              title: 'My Site', // a comment
              baseUrl: '/',
              markdown: {
                parseFrontMatter: async (params) => {
                  const result = await params.defaultParseFrontMatter(params);
                  return result;
                },
              },
            };
            """)
        #expect(commonJS?["title"]?.string == "My Site" && commonJS?["baseUrl"]?.string == "/")
        #expect(commonJS?["markdown"]?["parseFrontMatter"]?.tag == JSLiterals.expression)
        // export default, the object itself.
        #expect(JSLiteralsTests.read("export default {\n  markdown: {format: \"detect\"},\n};\n")?["markdown"]?["format"]?.string == "detect")
        // TypeScript: a typed const exported by name (the classic template's docusaurus.config.ts).
        let typed = JSLiteralsTests.read("""
            import {themes as prismThemes} from 'prism-react-renderer';
            import type {Config} from '@docusaurus/types';
            import type * as Preset from '@docusaurus/preset-classic';

            const config: Config = {
              title: `My Site`,
              i18n: {
                defaultLocale: 'en',
                locales: ['en', 'fr',],
              },
              presets: [
                [
                  'classic',
                  {
                    docs: {
                      sidebarPath: './sidebars.ts',
                      editUrl: 'https://github.com/facebook/docusaurus/tree/main/packages/create-docusaurus/templates/shared/',
                    },
                    theme: {customCss: './src/css/custom.css'},
                  } satisfies Preset.Options,
                ],
              ],
              themeConfig: {prism: {theme: prismThemes.github}} satisfies Preset.ThemeConfig,
            };

            export default config;
            """)
        #expect(typed?["title"]?.string == "My Site")
        #expect(typed?["i18n"]?["locales"]?.list?.compactMap(\.string) == ["en", "fr"])
        let preset = typed?["presets"]?.list?.first?.list
        #expect(preset?.first?.string == "classic" && preset?.last?["docs"]?["sidebarPath"]?.string == "./sidebars.ts")
        #expect(typed?["themeConfig"]?["prism"]?["theme"]?.tag == JSLiterals.expression)
        // A function exported (Docusaurus' own website/docusaurus.config.ts), names given by top-level consts.
        let function = JSLiteralsTests.read("""
            const defaultLocale = 'en';
            const baseUrl = process.env.BASE_URL ?? '/';
            function isPrerelease(version: string) {
              return version.includes('alpha');
            }
            export default async function createConfigAsync() {
              return {
                baseUrl,
                i18n: {
                  defaultLocale,
                  locales: isDeployPreview ? [defaultLocale] : [defaultLocale, 'fr', 'pt-BR'],
                },
                markdown: {format: 'detect', mdx1Compat: {
                  // comments: false,
                }},
                presets: [['classic', {docs: {path: 'docs', routeBasePath: '/docs', regex: /a,b]/g}}]],
              };
            }
            """)
        #expect(function?["i18n"]?["defaultLocale"]?.string == "en")
        #expect(function?["i18n"]?["locales"]?.tag == JSLiterals.expression)
        #expect(function?["baseUrl"]?.tag == JSLiterals.expression)
        #expect(function?["markdown"]?["format"]?.string == "detect" && function?["markdown"]?["mdx1Compat"]?.pairs?.isEmpty == true)
        #expect(function?["presets"]?.list?.first?.list?.last?["docs"]?["routeBasePath"]?.string == "/docs")
    }

    @Test func literalsAndExpressions() {
        let value = JSLiteralsTests.read("""
            module.exports = {
              'quoted key': "a \\"b\\" \\u00e9",
              42: 1_000, neg: -1.5, yes: true, no: false, none: null, undef: undefined,
              template: `plain`, substituted: `x${y}`,
              sum: 'a' + b, call: require('x'), ...spread,
              method() { return 1 }, arrow: () => ({a: 1}),
              list: [1, 'two', [3,],],
            }
            """)
        #expect(value?["quoted key"]?.string == "a \"b\" é")
        #expect(value?["42"]?.int == 1000 && value?["neg"]?.string == "-1.5")
        #expect(value?["yes"]?.bool == true && value?["no"]?.bool == false && value?["none"]?.isNull == true && value?["undef"]?.isNull == true)
        #expect(value?["template"]?.string == "plain" && value?["substituted"]?.tag == JSLiterals.expression)
        for key in ["sum", "call", "...", "method", "arrow"] { #expect(value?[key]?.tag == JSLiterals.expression, "\(key)") }
        #expect(value?["list"]?.list?.count == 3 && value?["list"]?.list?.last?.list?.count == 1)
        #expect(JSLiteralsTests.read("const x = 1;\n") == nil)
    }
}
