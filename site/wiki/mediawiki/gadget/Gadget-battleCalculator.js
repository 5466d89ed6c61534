/*
 * The battle odds calculator for a wiki without server access: a gadget (or a
 * MediaWiki:Common.js snippet) that turns each
 *   <div class="battle-calculator" data-ruleset="olympia" data-scenario="2.…">
 * (written by Template:Battle calculator) into the calculator's frame, as tall
 * as its content. The frame's address is always built from BASE below: set it
 * to where the calculator is hosted. A div whose attributes are wrong shows why,
 * as text.
 *
 * Two parts, each in a function of its own, so that nothing is left in the
 * page's global scope: MediaWiki runs a gadget's script inside a function,
 * but MediaWiki:Common.js (and a gadget in the legacy debug mode) at the top level.
 */

// The divs: each turned into its calculator's frame, or an error in words.
( function () {
	'use strict';
	var BASE = 'https://example.org/battle/';
	var RULESETS = [ 'bloodied-steel', 'olympia', 'warfare' ];
	var MAX_SCENARIO = 100000;

	function calculatorPage() {
		return /\/$/.test( BASE ) ? BASE + 'index.html' : BASE;
	}

	// The template URL-encodes its values (JSON has quotes); a div written by hand may not.
	function decoded( value ) {
		try {
			return decodeURIComponent( value || '' ).trim();
		} catch ( e ) {
			return null;
		}
	}

	function clip( text ) {
		text = String( text ).replace( /[\u0000-\u001f\u007f]+/g, ' ' );
		return text.length > 40 ? text.slice( 0, 40 ) + '…' : text;
	}

	// {src, full} for the div's battle, or {error: words}.
	function address( div ) {
		var ruleset = decoded( div.getAttribute( 'data-ruleset' ) );
		var scenario = decoded( div.getAttribute( 'data-scenario' ) );
		var query = '', battle;
		if ( ruleset === null || scenario === null ) {
			return { error: 'its attributes are not readable text.' };
		}
		if ( scenario.length > MAX_SCENARIO ) {
			return { error: 'the scenario is too long (at most 100,000 characters; a link\'s code from Copy link is much shorter).' };
		}
		if ( scenario.charAt( 0 ) === '{' ) {
			try {
				battle = JSON.parse( scenario );
			} catch ( e ) {
				battle = null;
			}
			if ( !battle || typeof battle !== 'object' || Array.isArray( battle ) ) {
				return { error: 'the scenario is not valid JSON for a battle.' };
			}
			if ( !ruleset && typeof battle.ruleset === 'string' ) {
				ruleset = battle.ruleset;
			}
			if ( battle.ruleset !== undefined && battle.ruleset !== ruleset ) {
				return { error: 'the scenario is a battle for another rule system than ruleset "' + clip( ruleset ) + '".' };
			}
			battle.ruleset = ruleset;
			query = 'j=' + encodeURIComponent( JSON.stringify( battle ) );
		} else if ( scenario ) {
			if ( !/^[0-9]{1,3}\.[A-Za-z0-9_-]+$/.test( scenario ) ) {
				return { error: 'the scenario must be a battle link\'s code (such as 2.…, from Copy link or Embed…) or the battle\'s JSON.' };
			}
			query = 'b=' + scenario;
		}
		if ( RULESETS.indexOf( ruleset ) < 0 ) {
			return { error: ( ruleset ? 'unknown ruleset "' + clip( ruleset ) + '"' : 'no ruleset given' ) +
				' (use ' + RULESETS.join( ', ' ) + ').' };
		}
		var hash = '#/' + ruleset + ( query ? '?' + query : '' );
		return { src: calculatorPage() + '?embed=1' + hash, full: calculatorPage() + hash };
	}

	function mount( div ) {
		var where = address( div ), frame, link, foot;
		div.setAttribute( 'data-battle-calculator', 'done' );
		while ( div.firstChild ) {
			div.removeChild( div.firstChild );
		}
		if ( where.error ) {
			foot = document.createElement( 'strong' );
			foot.className = 'error';
			foot.textContent = 'Battle calculator: ' + where.error;
			div.appendChild( foot );
			return;
		}
		frame = document.createElement( 'iframe' );
		frame.className = 'battle-calculator-frame';
		frame.src = where.src;
		frame.title = 'Battle odds calculator';
		frame.setAttribute( 'loading', 'lazy' );
		frame.style.cssText = 'width:100%;height:600px;border:0;display:block';
		link = document.createElement( 'a' );
		link.href = where.full;
		link.target = '_blank';
		link.rel = 'noopener';
		link.textContent = 'Open the battle odds calculator';
		foot = document.createElement( 'p' );
		foot.appendChild( link );
		div.appendChild( frame );
		div.appendChild( foot );
	}

	function mountAll( root ) {
		var list = root.querySelectorAll( 'div.battle-calculator:not([data-battle-calculator])' ), i;
		for ( i = 0; i < list.length; i++ ) {
			mount( list[ i ] );
		}
	}

	if ( window.mw && mw.hook ) {
		mw.hook( 'wikipage.content' ).add( function ( $content ) {
			mountAll( $content[ 0 ] || document );
		} );
	} else {
		mountAll( document );
	}
}() );

// The frames: each as tall as the calculator in it says, and told which part of it the reader sees.
( function () {
	'use strict';

	// The part of a frame on the reader's screen, in the frame's own pixels: the
	// calculator keeps its odds and dialogs there (the frame is as tall as it is).
	function tellView( frame ) {
		var r, top, bottom;
		if ( !frame.contentWindow ) {
			return;
		}
		r = frame.getBoundingClientRect();
		top = Math.max( 0, -r.top );
		bottom = Math.min( r.height, window.innerHeight - r.top );
		if ( bottom > top ) {
			frame.contentWindow.postMessage( { type: 'battle-calculator:view', top: top, bottom: bottom },
				new URL( frame.src, location.href ).origin );
		}
	}
	function tellAll() {
		var list = document.querySelectorAll( 'iframe.battle-calculator-frame' ), i;
		for ( i = 0; i < list.length; i++ ) {
			tellView( list[ i ] );
		}
	}
	window.addEventListener( 'scroll', tellAll, { passive: true } );
	window.addEventListener( 'resize', tellAll );

	// Each frame as tall as the calculator says it is: only its own frames, from their own origin.
	window.addEventListener( 'message', function ( event ) {
		var data = event.data, list, i;
		if ( !data || data.type !== 'battle-calculator:height' || typeof data.height !== 'number' ||
			!( data.height > 0 && data.height < 100000 ) ) {
			return;
		}
		list = document.querySelectorAll( 'iframe.battle-calculator-frame' );
		for ( i = 0; i < list.length; i++ ) {
			if ( list[ i ].contentWindow === event.source && new URL( list[ i ].src, location.href ).origin === event.origin ) {
				list[ i ].style.height = Math.ceil( data.height ) + 'px';
				tellView( list[ i ] );
			}
		}
	} );
}() );
