<?php
/**
 * The <battle-calculator> tag: the battle odds calculator's compact view in a
 * frame whose address is always built from $wgBattleCalculatorUrl, with a
 * plain link to the full calculator for readers without scripts.
 *
 *   <battle-calculator ruleset="olympia" scenario="2.…" />
 *   <battle-calculator ruleset="bloodied-steel">{"ruleset":"bloodied-steel",…}</battle-calculator>
 *
 * `scenario` is a link's code (from the calculator's Copy link or Embed…) or
 * the battle's JSON; it may also be written between the tags. Anything else
 * gives a short error on the page, as text.
 */

namespace MediaWiki\Extension\BattleCalculator;

class BattleCalculator {
	/** The rule systems the calculator has (its pages' ids). */
	public const RULESETS = [ 'bloodied-steel', 'olympia', 'warfare' ];
	/** A scenario longer than this is refused (a link's code is far shorter). */
	public const MAX_SCENARIO = 100000;
	private const ATTRIBUTES = [ 'ruleset', 'scenario', 'title' ];

	/**
	 * @param \Parser $parser
	 */
	public static function onParserFirstCallInit( $parser ) {
		$parser->setHook( 'battle-calculator', [ self::class, 'render' ] );
	}

	/**
	 * @param string|null $input text between the tags
	 * @param array $args the tag's attributes
	 * @param \Parser $parser
	 * @return string HTML
	 */
	public static function render( $input, array $args, $parser ) {
		$frame = self::frame( (string)( $GLOBALS['wgBattleCalculatorUrl'] ?? '' ), $args, $input );
		if ( isset( $frame['error'] ) ) {
			return '<strong class="error battle-calculator-error">'
				. self::text( 'Battle calculator: ' . $frame['error'] ) . '</strong>';
		}
		$parser->getOutput()->addModules( [ 'ext.battleCalculator' ] );
		return '<div class="battle-calculator-embed">'
			. '<iframe class="battle-calculator-frame" src="' . self::text( $frame['src'] ) . '" title="'
			. self::text( $frame['title'] ) . '" loading="lazy" style="width:100%;height:600px;border:0;display:block"></iframe>'
			. '<p class="battle-calculator-link"><a href="' . self::text( $frame['full'] )
			. '" target="_blank" rel="noopener">Open the battle odds calculator</a></p></div>';
	}

	/**
	 * The frame's address and the full calculator's, or ['error' => words].
	 * @param string $base $wgBattleCalculatorUrl
	 * @param array $args the tag's attributes
	 * @param string|null $input text between the tags
	 * @return array
	 */
	public static function frame( $base, array $args, $input = null ) {
		$page = self::page( $base );
		if ( $page === null ) {
			return [ 'error' => 'the wiki\'s administrator has not set $wgBattleCalculatorUrl to the calculator\'s '
				. 'web address (http:// or https://).' ];
		}
		foreach ( $args as $name => $value ) {
			if ( !in_array( $name, self::ATTRIBUTES, true ) ) {
				return [ 'error' => 'unknown attribute "' . self::clip( $name ) . '" (use ruleset, scenario and title).' ];
			}
		}
		$scenario = trim( (string)( $args['scenario'] ?? '' ) );
		if ( $scenario === '' && $input !== null ) {
			$scenario = trim( $input );
		}
		if ( strlen( $scenario ) > self::MAX_SCENARIO ) {
			return [ 'error' => 'the scenario is too long (at most ' . number_format( self::MAX_SCENARIO )
				. ' characters; a link\'s code from Copy link is much shorter).' ];
		}
		$ruleset = trim( (string)( $args['ruleset'] ?? '' ) );
		$query = '';
		if ( $scenario !== '' && $scenario[0] === '{' ) {
			$battle = json_decode( $scenario, true, 64 );
			// An object ({…}); PHP reads a list ([…]) as an array too.
			if ( !is_array( $battle ) || ( $battle !== [] && array_keys( $battle ) === range( 0, count( $battle ) - 1 ) ) ) {
				return [ 'error' => 'the scenario is not valid JSON for a battle.' ];
			}
			$named = $battle['ruleset'] ?? null;
			if ( $ruleset === '' && is_string( $named ) ) {
				$ruleset = $named;
			}
			if ( $named !== null && $named !== $ruleset ) {
				return [ 'error' => 'the scenario is a battle for another rule system than ruleset="'
					. self::clip( $ruleset ) . '".' ];
			}
			$battle['ruleset'] = $ruleset;
			$query = 'j=' . rawurlencode( json_encode( $battle, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) );
		} elseif ( $scenario !== '' ) {
			if ( !preg_match( '/^[0-9]{1,3}\.[A-Za-z0-9_-]+$/D', $scenario ) ) {
				return [ 'error' => 'the scenario must be a battle link\'s code (such as 2.…, from Copy link or Embed…) '
					. 'or the battle\'s JSON.' ];
			}
			$query = 'b=' . $scenario;
		}
		if ( !in_array( $ruleset, self::RULESETS, true ) ) {
			return [ 'error' => ( $ruleset === '' ? 'no ruleset given' : 'unknown ruleset "' . self::clip( $ruleset ) . '"' )
				. ' (use ' . implode( ', ', self::RULESETS ) . ').' ];
		}
		$hash = '#/' . $ruleset . ( $query === '' ? '' : '?' . $query );
		$title = trim( (string)( $args['title'] ?? '' ) );
		return [
			'src' => $page . '?embed=1' . $hash,
			'full' => $page . $hash,
			'title' => $title === '' ? 'Battle odds calculator' : mb_substr( $title, 0, 200 ),
		];
	}

	/**
	 * The calculator's page from the configured address, or null when it is
	 * not a plain http(s) address.
	 * @param string $base
	 * @return string|null
	 */
	private static function page( $base ) {
		$base = trim( $base );
		if ( !preg_match( '#^https?://[^\s"\'<>\\\\]+$#D', $base ) || strpbrk( $base, '?#' ) !== false ) {
			return null;
		}
		return substr( $base, -1 ) === '/' ? $base . 'index.html' : $base;
	}

	/** Text for HTML, quotes included. */
	private static function text( $s ) {
		return htmlspecialchars( (string)$s, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8' );
	}

	/** A value quoted in an error: one line, at most 40 characters. */
	private static function clip( $s ) {
		$s = preg_replace( '/[\x00-\x1f\x7f]+/', ' ', (string)$s );
		return mb_strlen( $s ) > 40 ? mb_substr( $s, 0, 40 ) . '…' : $s;
	}
}
