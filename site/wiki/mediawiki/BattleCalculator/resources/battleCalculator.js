/*
 * Keeps each battle calculator frame as tall as its content: the calculator
 * posts its height to the page that frames it. Only a message from one of
 * this page's calculator frames, from the frame's own origin, is read.
 */
( function () {
	'use strict';
	function frames() {
		return document.querySelectorAll( 'iframe.battle-calculator-frame' );
	}
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

	window.addEventListener( 'message', function ( event ) {
		var data = event.data, list = frames(), i, frame;
		if ( !data || data.type !== 'battle-calculator:height' || typeof data.height !== 'number' ||
			!( data.height > 0 && data.height < 100000 ) ) {
			return;
		}
		for ( i = 0; i < list.length; i++ ) {
			frame = list[ i ];
			if ( frame.contentWindow === event.source && new URL( frame.src, location.href ).origin === event.origin ) {
				frame.style.height = Math.ceil( data.height ) + 'px';
				tellView( frame );
			}
		}
	} );

	// The frames are in the page's HTML and this script comes later: a
	// calculator that already sent its height is asked to send it again. (One
	// still loading sends it when it starts, to the listener above.)
	( function () {
		var list = frames(), i;
		for ( i = 0; i < list.length; i++ ) {
			if ( list[ i ].contentWindow ) {
				list[ i ].contentWindow.postMessage( { type: 'battle-calculator:hello' },
					new URL( list[ i ].src, location.href ).origin );
			}
		}
	}() );
}() );
